import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { FormActions } from '@/components/form-actions';
import { useCreateRestaurant } from '../api/create-restaurant';
import type { Restaurant } from '../api/keys';
import { useShowRestaurantErrors } from '../hooks';
import { restaurantCreateSchema, type RestaurantCreateValues } from '../schemas';
import { RestaurantBasicsFields } from './restaurant-basics-fields';

/** Create a restaurant: name, phone, address and logo (used on the 'new' tab and /crear-restaurante). */
export function RestaurantCreateForm({ onCreated, onCancel }: { onCreated: (r: Restaurant) => void; onCancel?: () => void }) {
  const t = useT();
  const create = useCreateRestaurant();
  const showErrors = useShowRestaurantErrors('create');
  const form = useForm<RestaurantCreateValues>({
    resolver: zodResolver(restaurantCreateSchema),
    defaultValues: { nombre_local: '', telefono: '', direccion: '', logo: null },
  });
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
    notifyInvalid(t, 'restaurants.errors.createTitle'),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('restaurants.create.title')}>
      <Stack gap="sm">
        <RestaurantBasicsFields form={form} />
        <FormActions onCancel={onCancel} submitting={create.isPending} submitLabel={t('restaurants.create.submit')} />
      </Stack>
    </form>
  );
}
