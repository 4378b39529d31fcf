import { useEffect } from 'react';
import { TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useErrorText } from '@/lib/form-utils';
import { useT } from '@/lib/i18n/messages';
import { FormDialog } from '@/components/form-dialog';
import { CATEGORY_NAME_MAX, categorySchema } from '../../schemas';

// the menu editor's category rules, name only: the order comes from where the category is dropped
const nameSchema = categorySchema.pick({ name: true });
type NameValues = { name: string };

/** Create (under a parent or at the top) or rename a category: one field, the name. */
export function CategoryNameDialog(props: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  loading: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const form = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: { name: props.initial } });
  useEffect(() => {
    if (props.opened) form.reset({ name: props.initial });
  }, [props.opened, props.initial, form]);
  const { errors } = form.formState;
  return (
    <FormDialog opened={props.opened} onClose={props.onClose} title={props.title} onSubmit={form.handleSubmit((v) => props.onSubmit(v.name.trim()))} submitting={props.loading} submitLabel={props.submitLabel}>
      <TextInput label={t('catalog.category.name')} maxLength={CATEGORY_NAME_MAX} data-autofocus {...form.register('name')} error={errorText(errors.name)} />
    </FormDialog>
  );
}
