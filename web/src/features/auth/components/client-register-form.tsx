import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { GROUP } from '@/config/paths';
import { useErrorText } from '@/lib/form-utils';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useRegisterClient } from '../api/register-client';
import { useCompleteLogin, useShowRegistrationErrors } from '../hooks';
import { clientRegisterSchema, type ClientRegisterValues } from '../schemas';
import { TermsCheckbox } from './terms-checkbox';
import { RegisterFooter } from './register-footer';

type Props = { onLogin?: () => void; onDone?: () => void };

/** Client registration (dialog and inline form): all_name, e-mail, password, confirmation, terms. */
export default function ClientRegisterForm({ onLogin, onDone }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const register = useRegisterClient();
  const completeLogin = useCompleteLogin();
  const showErrors = useShowRegistrationErrors('client');
  const form = useForm<ClientRegisterValues>({
    resolver: zodResolver(clientRegisterSchema),
    defaultValues: { all_name: '', email: '', password: '', password2: '', terms: false },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    register.mutate(
      // identity records the terms' acceptance (when, which version) only when told so
      { fk_user: { first_name: v.all_name, email: v.email, password: v.password, password2: v.password2 }, acepta_terminos: v.terms },
      {
        onSuccess: (r) => {
          notify('success', t('auth.registerClient.success'));
          onDone?.();
          void completeLogin({ token: r.auth_token, username: r.username, id: r.id, groups: [GROUP.client], firstName: v.all_name });
        },
        onError: showErrors,
      },
    ),
    notifyInvalid(t, 'errors.register.title'),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.registerClient.title')}>
      <Stack gap="sm">
        <TextInput label={t('auth.field.allName')} autoComplete="name" {...form.register('all_name')} error={errorText(errors.all_name)} />
        <TextInput label={t('auth.field.email')} type="email" autoComplete="email" {...form.register('email')} error={errorText(errors.email)} />
        <PasswordInput label={t('auth.field.password')} autoComplete="new-password" {...form.register('password')} error={errorText(errors.password)} />
        <PasswordInput label={t('auth.field.password2')} autoComplete="new-password" {...form.register('password2')} error={errorText(errors.password2)} />
        <TermsCheckbox audience="mobile" registration={form.register('terms')} error={errorText(errors.terms)} />
        <RegisterFooter submitting={register.isPending} onLogin={onLogin} />
      </Stack>
    </form>
  );
}
