import { useEffect } from 'react';
import { TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useErrorText } from '@/lib/form-utils';
import { useT } from '@/lib/i18n/messages';
import { FormDialog } from '@/components/form-dialog';
import { PriceInput } from '../components/price-input';
import { DISH_NAME_MAX, priceForWire, treeDishSchema, type TreeDishValues } from '../schemas';

/** A new dish in the tree: its name and price (images and description in the dish list). */
export function TreeDishDialog(props: { opened: boolean; categoryName: string; onClose: () => void; onSubmit: (v: TreeDishValues) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const form = useForm<TreeDishValues>({ resolver: zodResolver(treeDishSchema), defaultValues: { name: '', price: '' } });
  useEffect(() => {
    if (props.opened) form.reset({ name: '', price: '' });
  }, [props.opened, form]);
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => {
    props.onSubmit({ name: v.name, price: priceForWire(v.price) });
    props.onClose();
  });
  return (
    <FormDialog opened={props.opened} onClose={props.onClose} title={t('catalog.tree.newDishIn', { category: props.categoryName })} onSubmit={submit} submitLabel={t('catalog.common.add')}>
      <TextInput label={t('catalog.dish.name')} maxLength={DISH_NAME_MAX} data-autofocus {...form.register('name')} error={errorText(errors.name)} />
      <Controller
        control={form.control}
        name="price"
        render={({ field }) => (
          <PriceInput
            label={t('catalog.dish.price')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorText(errors.price)}
          />
        )}
      />
    </FormDialog>
  );
}
