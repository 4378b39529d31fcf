import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { useErrorText } from '@/lib/form-utils';
import { useDemoLogin, useDemoLoginEnabled } from '../api/demo-login';
import { useLogin } from '../api/login';
import { useCompleteLogin, useShowLoginError } from '../hooks';
import { loginSchema, type LoginValues } from '../schemas';
import { SocialButtons } from './social-buttons';

type Props = { onForgot?: () => void; onRegister?: () => void; onDone?: () => void };

/** Login: username or e-mail + password; forgot-password, Google/Facebook, demo user (where it is on), register. */
export default function LoginForm({ onForgot, onRegister, onDone }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const login = useLogin();
  const demo = useDemoLogin();
  const demoEnabled = useDemoLoginEnabled();
  const completeLogin = useCompleteLogin();
  const showLoginError = useShowLoginError();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const onSuccess = (result: Parameters<typeof completeLogin>[0]) => {
    onDone?.();
    void completeLogin(result);
  };
  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess, onError: showLoginError }), notifyInvalid(t, 'errors.login.title'));

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.login.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('auth.field.usernameOrEmail')}
          autoComplete="username"
          {...form.register('username')}
          error={errorText(errors.username)}
          data-autofocus
        />
        <PasswordInput
          label={t('auth.field.password')}
          autoComplete="current-password"
          {...form.register('password')}
          error={errorText(errors.password)}
        />
        {onForgot && (
          <Anchor component="button" type="button" size="sm" onClick={onForgot} ta="right">
            {t('auth.login.forgot')}
          </Anchor>
        )}
        <Button type="submit" loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
        <Divider label={t('auth.login.orWith')} labelPosition="center" />
        <SocialButtons />
        {demoEnabled && (
          <Button
            variant="light"
            loading={demo.isPending}
            onClick={() => demo.mutate(undefined, { onSuccess, onError: showLoginError })}
          >
            {t('auth.login.demo')}
          </Button>
        )}
        {onRegister && (
          <Group justify="center" gap={4}>
            {t('auth.login.noAccount')}
            <Anchor component="button" type="button" onClick={onRegister}>
              {t('auth.login.registerLink')}
            </Anchor>
          </Group>
        )}
      </Stack>
    </form>
  );
}
