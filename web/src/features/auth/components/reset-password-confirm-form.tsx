import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useErrorText } from '@/lib/form-utils';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useConfirmPasswordReset } from '../api/reset-password';
import { useShowPasswordErrors } from '../hooks';
import { resetConfirmSchema, type ResetConfirmValues } from '../schemas';

/** /recuperar-contrasena/{uid}/{token}: new password + confirmation. */
export default function ResetPasswordConfirmForm({ uid, token }: { uid: string; token: string }) {
  const t = useT();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const confirm = useConfirmPasswordReset();
  const showErrors = useShowPasswordErrors();
  const form = useForm<ResetConfirmValues>({
    resolver: zodResolver(resetConfirmSchema),
    defaultValues: { password: '', password2: '' },
  });
  const submit = form.handleSubmit((v) =>
    confirm.mutate(
      { uid, token, new_password: v.password },
      {
        onSuccess: () => {
          notify('success', t('auth.reset.success'));
          navigate(`${paths.home.path}?showLogin=true`, { replace: true });
        },
        onError: showErrors,
      },
    ),
    notifyInvalid(t, 'errors.password.title'),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.reset.title')}>
      <Stack gap="sm">
        <PasswordInput label={t('auth.field.newPassword')} autoComplete="new-password" {...form.register('password')} error={errorText(form.formState.errors.password)} />
        <PasswordInput label={t('auth.field.password2')} autoComplete="new-password" {...form.register('password2')} error={errorText(form.formState.errors.password2)} />
        <Button type="submit" loading={confirm.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
