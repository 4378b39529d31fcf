import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { GROUP } from '@/config/paths';
import { useErrorText } from '@/lib/form-utils';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { KEYS, write } from '@/lib/storage';
import { PhoneInput } from '@/components/phone-input';
import { useRegisterRestaurant } from '../api/register-restaurant';
import { useCompleteLogin, useShowRegistrationErrors } from '../hooks';
import { restaurantRegisterSchema, type RestaurantRegisterValues } from '../schemas';
import { TermsCheckbox } from './terms-checkbox';
import { RegisterFooter } from './register-footer';

type Props = { onLogin?: () => void; onDone?: () => void };

/** Restaurant registration: nombre_local, telefono, e-mail, password, confirmation, terms. */
export default function RestaurantRegisterForm({ onLogin, onDone }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const register = useRegisterRestaurant();
  const completeLogin = useCompleteLogin();
  const showErrors = useShowRegistrationErrors('restaurant');
  const form = useForm<RestaurantRegisterValues>({
    resolver: zodResolver(restaurantRegisterSchema),
    defaultValues: { nombre_local: '', telefono: '', email: '', password: '', password2: '', terms: false },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    register.mutate(
      {
        nombre_local: v.nombre_local,
        telefono: v.telefono,
        fk_user: { email: v.email, password: v.password, password2: v.password2 },
        // identity records the terms' acceptance (when, which version) only when told so
        acepta_terminos: v.terms,
      },
      {
        onSuccess: (r) => {
          notify('success', t('auth.registerResto.success'));
          onDone?.();
          void completeLogin({ token: r.auth_token, username: r.username, id: r.id, groups: [GROUP.owner] });
          write(KEYS.nameResto, r.name);
        },
        onError: showErrors,
      },
    ),
    notifyInvalid(t, 'errors.register.title'),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.registerResto.title')}>
      <Stack gap="sm">
        <TextInput label={t('auth.field.localName')} maxLength={40} {...form.register('nombre_local')} error={errorText(errors.nombre_local)} />
        <PhoneInput control={form.control} name="telefono" label={t('auth.field.phone')} autoComplete="tel" error={errorText(errors.telefono)} />
        <TextInput label={t('auth.field.email')} type="email" autoComplete="email" {...form.register('email')} error={errorText(errors.email)} />
        <PasswordInput label={t('auth.field.password')} autoComplete="new-password" {...form.register('password')} error={errorText(errors.password)} />
        <PasswordInput label={t('auth.field.password2')} autoComplete="new-password" {...form.register('password2')} error={errorText(errors.password2)} />
        <TermsCheckbox audience="resto" registration={form.register('terms')} error={errorText(errors.terms)} />
        <RegisterFooter submitting={register.isPending} onLogin={onLogin} />
      </Stack>
    </form>
  );
}
