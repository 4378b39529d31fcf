import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useT } from '@/lib/i18n/messages';
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
  const form = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: { name: props.initial } });
  useEffect(() => {
    if (props.opened) form.reset({ name: props.initial });
  }, [props.opened, props.initial, form]);
  const { errors } = form.formState;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={form.handleSubmit((v) => props.onSubmit(v.name.trim()))} noValidate aria-label={props.title}>
        <Stack gap="sm">
          <TextInput
            label={t('catalog.category.name')}
            size="md"
            maxLength={CATEGORY_NAME_MAX}
            data-autofocus
            {...form.register('name')}
            error={errors.name?.message && t(errors.name.message)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('catalog.common.cancel')}
            </Button>
            <Button type="submit" loading={props.loading}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
