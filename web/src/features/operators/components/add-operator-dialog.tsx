import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { succeeded } from '@/lib/notify';
import { useErrorText } from '@/lib/form-utils';
import { FormDialog } from '@/components/form-dialog';

import { useCreateOperator } from '../api/create-operator';
import { useShowOperatorErrors } from '../hooks';
import { operatorCreateSchema, type OperatorCreateValues } from '../schemas';

const EMPTY: OperatorCreateValues = { first_name: '', last_name: '', email: '', password: '', password2: '' };

/** Add dialog: an operator account tied to the selected restaurant. */
export function AddOperatorDialog({ opened, restaurantId, onClose }: { opened: boolean; restaurantId: number; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const create = useCreateOperator();
  const showErrors = useShowOperatorErrors();
  const form = useForm<OperatorCreateValues>({ resolver: zodResolver(operatorCreateSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const submit = form.handleSubmit((v) =>
    create.mutate(
      { fk_resto: restaurantId, fk_user: v },
      {
        onSuccess: succeeded(t('operators.created'), close),
        onError: showErrors,
      },
    ),
    notifyInvalid(t, 'operators.errors.title'),
  );
  return (
    <FormDialog opened={opened} onClose={close} title={t('operators.add')} size="lg" onSubmit={submit} submitting={create.isPending} submitLabel={t('operators.create')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('operators.field.first_name')} withAsterisk maxLength={31} {...form.register('first_name')} error={errorText(errors.first_name)} data-autofocus />
        <TextInput label={t('operators.field.last_name')} maxLength={150} {...form.register('last_name')} error={errorText(errors.last_name)} />
      </SimpleGrid>
      <TextInput label={t('operators.field.email')} withAsterisk type="email" autoComplete="off" maxLength={140} {...form.register('email')} error={errorText(errors.email)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PasswordInput label={t('operators.field.password')} withAsterisk autoComplete="new-password" {...form.register('password')} error={errorText(errors.password)} />
        <PasswordInput label={t('operators.field.password2')} withAsterisk autoComplete="new-password" {...form.register('password2')} error={errorText(errors.password2)} />
      </SimpleGrid>
    </FormDialog>
  );
}
