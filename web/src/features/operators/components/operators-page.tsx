import { useState } from 'react';
import { ActionIcon, Alert, Button, Container, Group, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TablePager } from '@/components/data-table';
import { RequireRestaurant } from '@/components/require-restaurant';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useDeleteOperator } from '../api/delete-operator';
import { useOperators } from '../api/get-operators';
import { OPERATOR_PAGE_SIZE, type Operator } from '../api/keys';
import { AddOperatorDialog } from './add-operator-dialog';
import { OperatorInfoDialog } from './operator-info-dialog';
import es from '../locales/es.json';
import en from '../locales/en.json';
import { Loading } from '@/components/loading';

/** /operador-restaurante: the selected restaurant's operators (10 per page), add, info, delete. */
export default function OperatorsPage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RequireRestaurant>{(r) => <OperatorsScreen restaurantId={r.id} name={r.name} />}</RequireRestaurant>
    </MessagesScope>
  );
}

function OperatorsScreen({ restaurantId, name }: { restaurantId: number; name: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const list = useOperators(restaurantId, page);
  const [adding, setAdding] = useState(false);
  const [info, setInfo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Operator | null>(null);
  const remove = useDeleteOperator();
  const rows = list.data?.results ?? [];
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify('success', t('operators.deleted'));
        setDeleting(null);
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
      // spec: a delete failure is silent
      onError: () => setDeleting(null),
    });
  };
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="md">
        <div>
          <Title order={1}>{t('page.operadores.title')}</Title>
          <Text c="dimmed" fz="lg">
            {name}
          </Text>
        </div>
        <Button leftSection={<IconUserPlus size={20} />} onClick={() => setAdding(true)}>
          {t('operators.add')}
        </Button>
      </Group>
      {list.isPending ? (
        <Loading height={200} />
      ) : rows.length === 0 ? (
        <Alert color="gray" data-testid="operators-empty">
          {t('operators.empty')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm" fz="md" aria-label={t('page.operadores.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operators.field.first_name')}</Table.Th>
                <Table.Th>{t('operators.field.last_name')}</Table.Th>
                <Table.Th>{t('operators.field.email')}</Table.Th>
                <Table.Th w={120}>{t('operators.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((op) => (
                <Table.Tr key={op.id} data-testid="operator-row">
                  <Table.Td>{op.fk_user.first_name}</Table.Td>
                  <Table.Td>{op.fk_user.last_name}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{op.fk_user.email}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <ActionIcon variant="light" size={44} onClick={() => setInfo(op.id)} aria-label={t('operators.info.aria', { name: op.fk_user.email })}>
                        <IconInfoCircle size={22} />
                      </ActionIcon>
                      <ActionIcon variant="light" color="red" size={44} onClick={() => setDeleting(op)} aria-label={t('operators.delete.aria', { name: op.fk_user.email })}>
                        <IconTrash size={22} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > 0 && <TablePager count={list.data?.count ?? 0} page={page} size={OPERATOR_PAGE_SIZE} onPage={setPage} />}
      <AddOperatorDialog opened={adding} restaurantId={restaurantId} onClose={() => setAdding(false)} />
      <OperatorInfoDialog operatorId={info} onClose={() => setInfo(null)} />
      <ConfirmDialog
        opened={!!deleting}
        title={t('operators.delete.title')}
        message={t('operators.delete.message', { name: deleting?.fk_user.email ?? '' })}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Container>
  );
}
