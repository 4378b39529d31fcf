import { NumberInput, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useErrorText } from '@/lib/form-utils';
import { useT } from '@/lib/i18n/messages';
import { FormDialog } from '@/components/form-dialog';
import { CATEGORY_NAME_MAX, categorySchema, type CategoryValues } from '../schemas';

/** Add-category dialog (name, order), labelled 'table service' (spec part 1 §2 'Menu editor'). */
export function CategoryDialog(props: {
  opened: boolean;
  parentName: string | null;
  defaultOrder: number;
  onClose: () => void;
  onSubmit: (values: CategoryValues) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const form = useForm<CategoryValues>({ resolver: zodResolver(categorySchema), defaultValues: { name: '', order: props.defaultOrder } });
  useEffect(() => {
    if (props.opened) form.reset({ name: '', order: props.defaultOrder });
  }, [props.opened, props.defaultOrder, form]);
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => {
    props.onSubmit(v);
    props.onClose();
  });
  return (
    <FormDialog
      opened={props.opened}
      onClose={props.onClose}
      title={props.parentName ? t('catalog.category.newSub', { parent: props.parentName }) : t('catalog.category.new')}
      onSubmit={submit}
      submitLabel={t('catalog.common.add')}
    >
      <Text size="sm" c="dimmed">
        {t('catalog.category.tableService')}
      </Text>
      <TextInput label={t('catalog.category.name')} maxLength={CATEGORY_NAME_MAX} data-autofocus {...form.register('name')} error={errorText(errors.name)} />
      <Controller
        control={form.control}
        name="order"
        render={({ field }) => (
          <NumberInput
            label={t('catalog.category.order')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={field.value}
            onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
            error={errorText(errors.order)}
          />
        )}
      />
    </FormDialog>
  );
}
