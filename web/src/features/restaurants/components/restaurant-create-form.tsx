import { Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useErrorText } from '@/lib/form-utils';
import { FormActions } from '@/components/form-actions';
import { PhoneInput } from '@/components/phone-input';
import { useCreateRestaurant } from '../api/create-restaurant';
import type { Restaurant } from '../api/keys';
import { useShowRestaurantErrors } from '../hooks';
import { restaurantCreateSchema, type RestaurantCreateValues } from '../schemas';
import { LogoInput } from './logo-input';

/** Create a restaurant: name, phone, address and logo (used on the 'new' tab and /crear-restaurante). */
export function RestaurantCreateForm({ onCreated, onCancel }: { onCreated: (r: Restaurant) => void; onCancel?: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const create = useCreateRestaurant();
  const showErrors = useShowRestaurantErrors('create');
  const form = useForm<RestaurantCreateValues>({
    resolver: zodResolver(restaurantCreateSchema),
    defaultValues: { nombre_local: '', telefono: '', direccion: '', logo: null },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    create.mutate(
      { nombre_local: v.nombre_local, telefono: v.telefono, direccion: v.direccion, logo: v.logo as File },
      {
        onSuccess: (r) => {
          notify('success', t('restaurants.created'));
          form.reset();
          onCreated(r);
        },
        onError: showErrors,
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('restaurants.create.title')}>
      <Stack gap="sm">
        <TextInput label={t('restaurants.field.nombre_local')} withAsterisk size="md" maxLength={40} {...form.register('nombre_local')} error={errorText(errors.nombre_local)} />
        <PhoneInput control={form.control} name="telefono" label={t('restaurants.field.telefono')} withAsterisk error={errorText(errors.telefono)} />
        <TextInput label={t('restaurants.field.direccion')} withAsterisk size="md" maxLength={100} {...form.register('direccion')} error={errorText(errors.direccion)} />
        <Controller
          control={form.control}
          name="logo"
          render={({ field }) => (
            <LogoInput label={t('restaurants.field.logo')} required value={field.value} onChange={field.onChange} error={errorText(errors.logo)} placeholder={t('restaurants.logo.choose')} />
          )}
        />
        <FormActions onCancel={onCancel} submitting={create.isPending} submitLabel={t('restaurants.create.submit')} />
      </Stack>
    </form>
  );
}
