import { Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifyInvalid } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { succeeded } from '@/lib/notify';
import { useErrorText } from '@/lib/form-utils';
import { FormActions } from '@/components/form-actions';
import { useOperator } from '../api/get-operator';
import type { Operator } from '../api/keys';
import { useUpdateOperator } from '../api/update-operator';
import { useShowOperatorErrors } from '../hooks';
import { operatorUpdateSchema, type OperatorUpdateValues } from '../schemas';
import { Loading } from '@/components/loading';

/** Info dialog: the operator's account; names and (optionally) a new password can be changed. */
export function OperatorInfoDialog({ operatorId, onClose }: { operatorId: number | null; onClose: () => void }) {
  const t = useT();
  const operator = useOperator(operatorId);
  return (
    <Modal opened={!!operatorId} onClose={onClose} title={t('operators.info.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {operator.data && operator.data.id === operatorId ? (
        <InfoForm key={operator.data.id} operator={operator.data} onClose={onClose} />
      ) : (
        <Loading height={120} />
      )}
    </Modal>
  );
}

function InfoForm({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateOperator();
  const showErrors = useShowOperatorErrors();
  const form = useForm<OperatorUpdateValues>({
    resolver: zodResolver(operatorUpdateSchema),
    defaultValues: { first_name: operator.fk_user.first_name, last_name: operator.fk_user.last_name, password: '', password2: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    update.mutate(
      {
        id: operator.id,
        body: { fk_user: { first_name: v.first_name, last_name: v.last_name, ...(v.password ? { password: v.password, password2: v.password2 } : {}) } },
      },
      {
        onSuccess: succeeded(t('operators.updated'), onClose),
        onError: showErrors,
      },
    ),
    notifyInvalid(t, 'operators.errors.title'),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('operators.info.title')}>
      <Stack gap="sm">
        <div>
          <Text fz="sm" c="dimmed">
            {t('operators.field.email')}
          </Text>
          <Text fw={600} data-testid="operator-email" style={{ wordBreak: 'break-all' }}>
            {operator.fk_user.email}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('operators.field.first_name')} withAsterisk maxLength={31} {...form.register('first_name')} error={errorText(errors.first_name)} />
          <TextInput label={t('operators.field.last_name')} maxLength={150} {...form.register('last_name')} error={errorText(errors.last_name)} />
        </SimpleGrid>
        <Text fz="sm" c="dimmed">
          {t('operators.info.passwordHelp')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput label={t('operators.field.newPassword')} autoComplete="new-password" {...form.register('password')} error={errorText(errors.password)} />
          <PasswordInput label={t('operators.field.password2')} autoComplete="new-password" {...form.register('password2')} error={errorText(errors.password2)} />
        </SimpleGrid>
        <FormActions onCancel={onClose} submitting={update.isPending} />
      </Stack>
    </form>
  );
}
