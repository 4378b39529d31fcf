import { Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changedValues } from '@/lib/form-data';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { succeeded } from '@/lib/notify';
import { FormActions } from '@/components/form-actions';
import type { Restaurant } from '../api/keys';
import { useUpdateRestaurant } from '../api/update-restaurant';
import { useShowRestaurantErrors } from '../hooks';
import { restaurantBasicsSchema, type RestaurantBasicsValues } from '../schemas';
import { RestaurantBasicsFields } from './restaurant-basics-fields';

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
  const update = useUpdateRestaurant();
  const showErrors = useShowRestaurantErrors('update');
  const initial: RestaurantBasicsValues = {
    nombre_local: restaurant.nombre_local,
    telefono: restaurant.telefono,
    direccion: restaurant.direccion,
    logo: null,
  };
  const form = useForm<RestaurantBasicsValues>({ resolver: zodResolver(restaurantBasicsSchema), defaultValues: initial });
  const submit = form.handleSubmit((v) => {
    const values = changedValues(initial, v);
    if (Object.keys(values).length === 0) return onClose();
    update.mutate(
      { id: restaurant.id_resto, values },
      {
        onSuccess: succeeded(t('restaurants.updated'), onClose),
        onError: showErrors,
      },
    );
  }, notifyInvalid(t, 'restaurants.errors.updateTitle'));
  return (
    <form onSubmit={submit} noValidate aria-label={t('restaurants.edit.title')}>
      <Stack gap="sm">
        <RestaurantBasicsFields form={form} currentLogo={restaurant.logo} />
        <FormActions onCancel={onClose} submitting={update.isPending} />
      </Stack>
    </form>
  );
}
