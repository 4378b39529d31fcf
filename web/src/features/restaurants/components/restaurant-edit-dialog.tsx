import { Modal, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changedValues } from '@/lib/form-data';
import { useErrorText } from '@/lib/form-utils';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { FormActions } from '@/components/form-actions';
import { PhoneInput } from '@/components/phone-input';
import type { Restaurant } from '../api/keys';
import { useUpdateRestaurant } from '../api/update-restaurant';
import { useShowRestaurantErrors } from '../hooks';
import { restaurantBasicsSchema, type RestaurantBasicsValues } from '../schemas';
import { LogoInput } from './logo-input';

/** The list's edit dialog: name, phone, address, logo (sent only when a new file is chosen). */
export function RestaurantEditDialog({ restaurant, onClose }: { restaurant: Restaurant | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened={!!restaurant} onClose={onClose} title={t('restaurants.edit.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {restaurant && <EditForm key={restaurant.id_resto} restaurant={restaurant} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ restaurant, onClose }: { restaurant: Restaurant; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateRestaurant();
  const showErrors = useShowRestaurantErrors('update');
  const initial: RestaurantBasicsValues = {
    nombre_local: restaurant.nombre_local,
    telefono: restaurant.telefono,
    direccion: restaurant.direccion,
    logo: null,
  };
  const form = useForm<RestaurantBasicsValues>({ resolver: zodResolver(restaurantBasicsSchema), defaultValues: initial });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => {
    const values = changedValues(initial, v);
    if (Object.keys(values).length === 0) return onClose();
    update.mutate(
      { id: restaurant.id_resto, values },
      {
        onSuccess: () => {
          notify('success', t('restaurants.updated'));
          onClose();
        },
        onError: showErrors,
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('restaurants.edit.title')}>
      <Stack gap="sm">
        <TextInput label={t('restaurants.field.nombre_local')} withAsterisk size="md" maxLength={40} {...form.register('nombre_local')} error={errorText(errors.nombre_local)} data-autofocus />
        <PhoneInput control={form.control} name="telefono" label={t('restaurants.field.telefono')} withAsterisk error={errorText(errors.telefono)} />
        <TextInput label={t('restaurants.field.direccion')} withAsterisk size="md" maxLength={100} {...form.register('direccion')} error={errorText(errors.direccion)} />
        <Controller
          control={form.control}
          name="logo"
          render={({ field }) => (
            <LogoInput label={t('restaurants.field.logo')} value={field.value} onChange={field.onChange} current={restaurant.logo} error={errorText(errors.logo)} placeholder={t('restaurants.logo.keep')} />
          )}
        />
        <FormActions onCancel={onClose} submitting={update.isPending} />
      </Stack>
    </form>
  );
}
