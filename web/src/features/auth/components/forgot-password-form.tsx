import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useErrorText } from '@/lib/form-utils';
import { useRequestPasswordReset } from '../api/reset-password';
import { resetRequestSchema, type ResetRequestValues } from '../schemas';

type Props = { isResto?: boolean; onBack?: () => void; onDone?: () => void };

/** Forgot password: always a success notification, whatever the result (spec part 1 §8). */
export default function ForgotPasswordForm({ isResto = false, onBack, onDone }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const reset = useRequestPasswordReset();
  const form = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });
  const done = () => {
    notify('success', t('auth.forgot.sent'));
    onDone?.();
  };
  const submit = form.handleSubmit((values) =>
    reset.mutate({ email: values.email, is_resto: isResto }, { onSettled: done }),
    notifyInvalid(t, 'auth.forgot.title'),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.forgot.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('auth.forgot.help')}</Text>
        <TextInput
          label={t('auth.field.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={errorText(form.formState.errors.email)}
          data-autofocus
        />
        <Button type="submit" loading={reset.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        {onBack && (
          <Anchor component="button" type="button" onClick={onBack} ta="center">
            {t('auth.forgot.backToLogin')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
