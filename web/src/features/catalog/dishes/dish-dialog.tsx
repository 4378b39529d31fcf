import { useEffect, useState } from 'react';
import { Button, Divider, FileInput, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconEye, IconEyeOff, IconPhoto, IconTrash } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useT } from '@/lib/i18n/messages';
import { notify, succeeded } from '@/lib/notify';
import { dishCategoryOptions, useCategories } from '../api/categories';
import { useAddDishImage } from '../api/add-dish-image';
import { useDeleteDishImage } from '../api/delete-dish-image';
import { useReplaceDishImage } from '../api/replace-dish-image';
import { useCreateDish } from '../api/create-dish';
import { useDeleteDish } from '../api/delete-dish';
import { useToggleDish } from '../api/toggle-dish';
import { useUpdateDish } from '../api/update-dish';
import type { Dish, DishImage } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PriceInput } from '../components/price-input';
import { notifyServerErrors } from '../components/show-errors';
import { errorCode, notifyInvalid } from '@/lib/api-errors';
import {
  DISH_DESCRIPTION_MAX,
  DISH_FORM_IMAGE_TYPES,
  DISH_NAME_MAX,
  dishSchema,
  priceForWire,
  type DishValues,
} from '../schemas';
import { ImageCarousel } from './image-carousel';
import { ImageUploadDialog } from './image-upload-dialog';

type Props = {
  opened: boolean;
  /** The dish being edited; null creates one in `menuId`. */
  dish: Dish | null;
  menuId: number | null;
  defaultCategory: number | null;
  onClose: () => void;
};

/** Refusals that leave the dish as it was, by the server's stable error code (spec part 1 §4 'Dish'). */
const REFUSALS = {
  category_left_empty: { text: 'catalog.dish.errors.categoryEmpty' },
  dish_active_in_order: { text: 'catalog.dish.errors.activeInOrder' },
};
/** The payment provider cannot be reached: its own title and message (spec part 1 §8 'Create dish'). */
const MARKETPLACE = { marketplace_unavailable: { title: 'catalog.dish.errors.marketplaceTitle', text: 'catalog.dish.errors.marketplace' } };

/** Create and edit dialog: name, description, price, category, images; enable/disable and delete. */
export function DishDialog({ opened, dish, menuId, defaultCategory, onClose }: Props) {
  const t = useT();
  const menuOfDish = dish?.group_dish.menu ?? menuId;
  const categories = useCategories(opened ? menuOfDish : null);
  const options = dishCategoryOptions(categories.data ?? []);
  const create = useCreateDish();
  const update = useUpdateDish();
  const toggle = useToggleDish();
  const remove = useDeleteDish();
  const addImage = useAddDishImage();
  const replaceImage = useReplaceDishImage();
  const deleteImage = useDeleteDishImage();
  const [upload, setUpload] = useState<null | { mode: 'add' } | { mode: 'replace'; image: DishImage }>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const defaults = (): DishValues => ({
    name: dish?.name ?? '',
    description: dish?.description ?? '',
    price: dish?.price ?? '',
    menu_group: dish ? String(dish.menu_group) : defaultCategory ? String(defaultCategory) : '',
    images: [],
  });
  const form = useForm<DishValues>({ resolver: zodResolver(dishSchema), defaultValues: defaults() });
  useEffect(() => {
    if (opened) form.reset(defaults());
    // a fresh form for each dish opened; image changes alone keep what is being typed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, dish?.pk]);
  const { errors } = form.formState;
  const err = (m?: string) => (m ? t(m) : undefined);

  // create: the first message only (spec part 1 §8 'Create dish')
  const onCreateError = (error: unknown) =>
    notifyServerErrors(t, error, { title: 'catalog.dish.createError', firstOnly: true, codes: MARKETPLACE });
  const onUpdateError = (error: unknown) =>
    notifyServerErrors(t, error, {
      title: 'catalog.dish.updateError',
      firstPerField: true,
      codes: { ...REFUSALS, dish_name_taken: { text: 'catalog.dish.errors.unique' } },
    });

  const submit = form.handleSubmit(
    (v) => {
      const input = { name: v.name, description: v.description, price: priceForWire(v.price), menu_group: Number(v.menu_group), images: v.images };
      if (dish) {
        update.mutate(
          { id: dish.pk, input: { ...input, images: [] } },
          { onSuccess: succeeded(t('catalog.dish.updated'), onClose), onError: onUpdateError },
        );
      } else {
        create.mutate(input, {
          onSuccess: succeeded(t('catalog.dish.created'), onClose),
          onError: onCreateError,
        });
      }
    },
    // each form error as a notification too (spec part 1 §5 last rule)
    notifyInvalid(t, 'catalog.dish.invalid'),
  );

  const onToggle = () => {
    if (!dish) return;
    toggle.mutate(dish.pk, {
      onSuccess: (d) => notify('success', t(d.disable ? 'catalog.dish.disabledDone' : 'catalog.dish.enabledDone')),
      onError: (error) => notifyServerErrors(t, error, { title: 'catalog.dish.errors.disableTitle', codes: { dish_active_in_order: REFUSALS.dish_active_in_order } }),
    });
  };
  const onDelete = () => {
    if (!dish) return;
    remove.mutate(dish.pk, {
      onSuccess: () => {
        notify('success', t('catalog.dish.deleted'));
        setConfirmDelete(false);
        onClose();
      },
      onError: (error) => {
        setConfirmDelete(false);
        notifyServerErrors(t, error, { title: 'catalog.dish.deleteError', codes: REFUSALS });
        // a refusal leaves the dish as it was: the reason, and the dialog closes (spec part 1 §4 'Dish')
        const code = errorCode(error);
        if (code && code in REFUSALS) onClose();
      },
    });
  };
  const onUpload = (file: File) => {
    if (!dish || !upload) return;
    const done = { onSuccess: () => { notify('success', t(upload.mode === 'add' ? 'catalog.image.added' : 'catalog.image.replaced')); setUpload(null); }, onError: (e: unknown) => notifyServerErrors(t, e, { title: 'catalog.image.error', firstPerField: true }) };
    if (upload.mode === 'add') addImage.mutate({ dish: dish.pk, image: file }, done);
    else replaceImage.mutate({ id: upload.image.id, image: file }, done);
  };
  const onDeleteImage = (image: DishImage) =>
    deleteImage.mutate(image.id, {
      onSuccess: succeeded(t('catalog.image.deleted')),
      onError: (e) => notifyServerErrors(t, e, { title: 'catalog.image.error' }),
    });

  const title = dish ? t('catalog.dish.editTitle') : t('catalog.dish.newTitle');
  return (
    <>
      <Modal opened={opened && !upload && !confirmDelete} onClose={onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Stack gap="sm">
          {dish && (
            <>
              <ImageCarousel
                images={dish.dish_dimage}
                dishName={dish.name}
                busy={deleteImage.isPending}
                onAdd={() => setUpload({ mode: 'add' })}
                onReplace={(image) => setUpload({ mode: 'replace', image })}
                onDelete={onDeleteImage}
              />
              <Divider />
            </>
          )}
          <form onSubmit={submit} noValidate aria-label={title}>
            <Stack gap="sm">
              <TextInput label={t('catalog.dish.name')} maxLength={DISH_NAME_MAX} data-autofocus {...form.register('name')} error={err(errors.name?.message)} />
              <Textarea
                label={t('catalog.dish.description')}
                rows={3}
                maxLength={DISH_DESCRIPTION_MAX}
                {...form.register('description')}
                error={err(errors.description?.message)}
              />
              <Group grow align="flex-start" wrap="wrap">
                <Controller
                  control={form.control}
                  name="price"
                  render={({ field }) => (
                    <PriceInput label={t('catalog.dish.price')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={err(errors.price?.message)} miw={160} />
                  )}
                />
                <Controller
                  control={form.control}
                  name="menu_group"
                  render={({ field }) => (
                    <Select
                      label={t('catalog.dish.category')}
                      data={options}
                      value={field.value || null}
                      onChange={(v) => field.onChange(v ?? '')}
                      error={err(errors.menu_group?.message)}
                      searchable
                      miw={180}
                    />
                  )}
                />
              </Group>
              {!dish && (
                <Controller
                  control={form.control}
                  name="images"
                  render={({ field }) => (
                    <FileInput
                      label={t('catalog.dish.images')}
                      description={t('catalog.image.types')}
                      placeholder={t('catalog.image.choose')}
                      multiple
                      clearable
                      clearButtonProps={{ 'aria-label': t('common.clear') }}
                      accept={DISH_FORM_IMAGE_TYPES.join(',')}
                      leftSection={<IconPhoto size={18} />}
                      value={field.value}
                      onChange={field.onChange}
                      error={err(errors.images?.message)}
                    />
                  )}
                />
              )}
              <Group justify="space-between" mt="sm" wrap="wrap">
                <Group gap="xs">
                  {dish && (
                    <>
                      <Button
                        variant="light"
                        color={dish.disable ? 'teal' : 'gray'}
                        leftSection={dish.disable ? <IconEye size={18} /> : <IconEyeOff size={18} />}
                        loading={toggle.isPending}
                        onClick={onToggle}
                      >
                        {dish.disable ? t('catalog.dish.enable') : t('catalog.dish.disable')}
                      </Button>
                      <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={() => setConfirmDelete(true)}>
                        {t('common.delete')}
                      </Button>
                    </>
                  )}
                </Group>
                <Group gap="xs">
                  <Button variant="default" onClick={onClose}>
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" loading={create.isPending || update.isPending}>
                    {t('common.save')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Modal>
      <ImageUploadDialog
        opened={opened && upload != null}
        mode={upload?.mode ?? 'add'}
        loading={addImage.isPending || replaceImage.isPending}
        onClose={() => setUpload(null)}
        onSubmit={onUpload}
      />
      <ConfirmDialog
        opened={opened && confirmDelete}
        title={t('catalog.dish.deleteTitle')}
        message={t('catalog.dish.deleteConfirm', { name: dish?.name ?? '' })}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirmDelete(false)}
      />
    </>
  );
}
