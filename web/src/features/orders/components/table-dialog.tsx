import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconBell, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Loading } from '@/components/loading';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { succeeded } from '@/lib/notify';
import { placesQuery } from '@/lib/places';
import { useTableAction } from '../actions';
import { tableQuery } from '../api/get-table';
import { nothingToPay, payableLines, useNothingToPay } from '../api/pay';
import type { Line, TableAction } from '../api/types';
import { useWaiterSent } from '../api/waiter-sent';
import { AddOrderDialog } from './add-order-dialog';
import { LineCells } from './line-actions';
import { PayDialog, totalOf } from './pay-dialog';
import { callOf } from './sketch-view';
import { useActionError } from './use-action-error';

type Props = { place: number; name: string; restaurant: number; bulk: boolean; onClose: () => void };

/**
 * A table's orders on its tab (`GET ordenes/mesas/{id}/`, which a live message about the table
 * reads again), the bulk buttons the server says apply (groups 2 and 4), pay all of the table (its
 * lines the server says may be paid, in one payment; with none, 'no orders to pay'), free the
 * table, answer a waiter call, add an order (unless the place's admin flag is off).
 */
export function TableDialog({ place, name, restaurant, bulk, onClose }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const table = useQuery(tableQuery(restaurant, place));
  const floor = useQuery({ ...placesQuery(restaurant), staleTime: Infinity }).data?.find((p) => p.id === place);
  const action = useTableAction(restaurant);
  const sent = useWaiterSent(restaurant);
  const onError = useActionError();
  const [confirm, setConfirm] = useState<TableAction | null>(null);
  const [adding, setAdding] = useState(false);
  // the lines 'pay all' was opened with: a line another tablet pays meanwhile then answers 208
  const [paying, setPaying] = useState<Line[] | null>(null);
  const nothing = useNothingToPay();
  const run = (a: TableAction) =>
    action.mutate(
      { sit: place, action: a },
      { onError, onSuccess: succeeded(t(a === 'liberar' ? 'orders.freed' : 'orders.updatedAll', { name })), onSettled: () => setConfirm(null) },
    );
  const allowed = (a: TableAction) => table.data?.actions.includes(a as never) ?? false;
  const call = callOf(floor);
  const lines = table.data?.lines ?? [];
  const payable = payableLines(lines);
  // freeing rejects only what is open: dishes delivered and not yet charged leave the table with it
  const unpaid = payable.filter((l) => l.status === '4');
  const freeMessage = unpaid.length
    ? `${t('orders.confirmFree', { name })} ${t('orders.confirmFreeUnpaid', {
        count: unpaid.reduce((n, l) => n + l.quantity, 0),
        amount: formatPrice(totalOf(unpaid), locale),
      })}`
    : t('orders.confirmFree', { name });
  return (
    <Modal opened onClose={onClose} title={t('orders.tableOrders', { name })} size="xl" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        {call && (
          <Alert color="orange" icon={call === 'bill' ? <IconReceipt size={20} /> : <IconBell size={20} />} data-testid="call-alert">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{t(call === 'bill' ? 'orders.billCall' : 'orders.waiterCall')}</Text>
              <Button color="orange" loading={sent.isPending} onClick={() => sent.mutate(place, { onError, onSuccess: succeeded(t('orders.waiterSentDone')) })}>
                {t('orders.waiterSent')}
              </Button>
            </Group>
          </Alert>
        )}
        {bulk && (
          <Group gap="xs">
            <Button disabled={!allowed('aceptar')} loading={action.isPending} onClick={() => run('aceptar')}>
              {t('orders.acceptAll')}
            </Button>
            <Button disabled={!allowed('entregar')} loading={action.isPending} onClick={() => run('entregar')}>
              {t('orders.deliverAll')}
            </Button>
            <Button color="red" variant="light" disabled={!allowed('rechazar')} onClick={() => setConfirm('rechazar')}>
              {t('orders.rejectAll')}
            </Button>
            <Button color="orange" variant="light" onClick={() => setConfirm('liberar')}>
              {t('orders.free')}
            </Button>
          </Group>
        )}
        <Group>
          {/* nothing to charge is said, as on the delivery screen, not left to a greyed-out button */}
          <Button color="blue" disabled={!table.data} onClick={() => (payable.length ? setPaying(payable) : nothing(nothingToPay(lines)))}>
            {t('orders.pay.all')}
          </Button>
          <Button variant="light" disabled={!table.data?.admin} onClick={() => setAdding(true)}>
            {t('orders.addOrder')}
          </Button>
          {table.data && !table.data.admin && <Text size="sm">{t('orders.add.disabled')}</Text>}
        </Group>
        {table.isPending ? (
          <Loading />
        ) : lines.length === 0 ? (
          <Text c="dimmed">{t('orders.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" data-testid="table-lines">
              <Table.Tbody>
                {lines.map((l) => (
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
        message={confirm === 'liberar' ? freeMessage : t('orders.confirmReject')}
        confirmLabel={t('common.confirm')}
        loading={action.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && run(confirm)}
      />
      {paying && (
        <PayDialog all lines={paying} title={t('orders.pay.titleAll', { name })} restaurant={restaurant} place={place} onClose={() => setPaying(null)} />
      )}
      {adding && table.data && <AddOrderDialog table={table.data} restaurant={restaurant} menu={floor?.fk_menu} onClose={() => setAdding(false)} />}
    </Modal>
  );
}
