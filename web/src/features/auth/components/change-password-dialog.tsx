import { PasswordInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useErrorText } from '@/lib/form-utils';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { sessionStore } from '@/lib/session';
import { FormDialog } from '@/components/form-dialog';

import { useSetPassword } from '../api/set-password';
import { useShowPasswordErrors } from '../hooks';
import { passwordChangeSchema, type PasswordChangeValues } from '../schemas';

/**
 * Change-password dialog (restaurant profile and client profile). The server ends every session
 * of the account on success, so the user is sent to log in again.
 */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useSetPassword();
  const showErrors = useShowPasswordErrors();
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirm: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit((v) =>
    change.mutate(v, {
      onSuccess: () => {
        close();
        notify('success', t('password.changed'));
        sessionStore.clear();
        queryClient.clear();
        navigate(paths.home.path, { replace: true });
      },
      onError: showErrors,
    }),
    notifyInvalid(t, 'errors.password.title'),
  );
  return (
    <FormDialog opened={opened} onClose={close} title={t('password.change')} onSubmit={submit} submitting={change.isPending}>
      <PasswordInput label={t('password.current')} autoComplete="current-password" {...form.register('current_password')} error={errorText(errors.current_password)} />
      <PasswordInput label={t('password.new')} autoComplete="new-password" maxLength={30} {...form.register('new_password')} error={errorText(errors.new_password)} />
      <PasswordInput label={t('password.repeat')} autoComplete="new-password" {...form.register('new_password_confirm')} error={errorText(errors.new_password_confirm)} />
    </FormDialog>
  );
}
