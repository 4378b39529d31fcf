import { useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/messages';
import { sketchLinesQuery } from '../api/get-lines';
import { useTableAction, type TableAction } from '../api/table-action';
import type { BoardTable } from '../api/types';
import { AddOrderDialog } from './add-order-dialog';
import { LineCells } from './line-actions';
import { useActionError } from './use-action-error';

type Props = { table: BoardTable; restaurant: number; menu?: number; bulk: boolean; onClose: () => void };

/** A table's orders on its tab, the bulk buttons (groups 2 and 4), free and add order. */
export function TableDialog({ table, restaurant, menu, bulk, onClose }: Props) {
  const t = useT();
  const lines = useQuery(sketchLinesQuery(restaurant));
  const action = useTableAction(restaurant);
  const onError = useActionError();
  const [confirm, setConfirm] = useState<TableAction | null>(null);
  const [adding, setAdding] = useState(false);
  const mine = (lines.data ?? []).filter((l) => l.fk_sit === table.fk_sit);
  const run = (a: TableAction) => action.mutate({ sit: table.fk_sit, action: a }, { onError, onSettled: () => setConfirm(null) });
  const has = (s: '1' | '2') => mine.some((l) => l.status === s);
  return (
    <Modal opened onClose={onClose} title={t('orders.tableOrders', { name: table.i_name })} size="xl" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        {bulk && (
          <Group gap="xs">
            <Button size="md" disabled={!has('1')} loading={action.isPending} onClick={() => run('aceptar')}>
              {t('orders.acceptAll')}
            </Button>
            <Button size="md" disabled={!has('2')} loading={action.isPending} onClick={() => run('entregar')}>
              {t('orders.deliverAll')}
            </Button>
            <Button size="md" color="red" variant="light" disabled={!has('1') && !has('2')} onClick={() => setConfirm('rechazar')}>
              {t('orders.rejectAll')}
            </Button>
            <Button size="md" color="orange" variant="light" onClick={() => setConfirm('liberar')}>
              {t('orders.free')}
            </Button>
          </Group>
        )}
        <Group>
          <Button size="md" variant="light" disabled={!table.admin} onClick={() => setAdding(true)}>
            {t('orders.addOrder')}
          </Button>
          {!table.admin && <Text size="sm">{t('orders.add.disabled')}</Text>}
        </Group>
        {mine.length === 0 ? (
          <Text c="dimmed">{t('orders.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" data-testid="table-lines">
              <Table.Tbody>
                {mine.map((l) => (
                  <Table.Tr key={l.id}>
                    <LineCells line={l} restaurant={restaurant} quantity="inline" />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'liberar' ? t('orders.free') : t('orders.rejectAll')}
        message={confirm === 'liberar' ? t('orders.confirmFree', { name: table.i_name }) : t('orders.confirmReject')}
        confirmLabel={t('common.confirm')}
        loading={action.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && run(confirm)}
      />
      {adding && <AddOrderDialog table={table} restaurant={restaurant} menu={menu} onClose={() => setAdding(false)} />}
    </Modal>
  );
}
