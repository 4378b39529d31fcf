import { useState } from 'react';
import { Alert, Badge, Button, Container, Group, NativeSelect, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCash, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TablePager } from '@/components/data-table';
import { Loading } from '@/components/loading';
import { RequireRestaurant } from '@/components/require-restaurant';
import { useLiveQueries } from '@/features/notifications';
import { useT } from '@/lib/i18n/messages';
import { useMenus } from '@/lib/menus';
import { notify } from '@/lib/notify';
import { DELIVERY_PAGE_SIZE, DELIVERY_PAGE_SIZES, useDeliveries } from '../api/get-deliveries';
import { type Delivery, type DeliveryFilters, type DeliveryStatus, deliveryKeys } from '../api/keys';
import { onMessage, onReady } from '../live';
import { FILTERS, type Move, STATUS_COLOR } from '../status';
import { ContactDialog } from './contact-dialog';
import { DeliveryMessages } from './delivery-messages';
import { DeliveryTable } from './delivery-table';
import { DetailDialog } from './detail-dialog';
import { NewOrderDialog } from './new-order-dialog';
import { TakeawayShare } from './takeaway-share';
import { TicketDialog } from './ticket-dialog';
import { useMoves } from './use-moves';
import { useDeliveryPayments } from './use-payments';

export default function DeliveryPage() {
  return (
    <DeliveryMessages>
      <RequireRestaurant>{(r) => <DeliveryScreen restaurant={r.id} name={r.name} />}</RequireRestaurant>
    </DeliveryMessages>
  );
}

type Dialog =
  | { kind: 'detail'; id: number }
  | { kind: 'contact'; delivery: Delivery }
  | { kind: 'ticket'; deliveries: Delivery[] }
  | { kind: 'reject'; deliveries: Delivery[] }
  | { kind: 'new' };

/**
 * /delivery (spec part 2 §2 'Delivery and takeaway screen'): the restaurant's delivery and
 * take-away orders by status, 10 a page, live through the tab's staff socket (a new order rings
 * and shows at once; another tablet's changes show without a reload; no polling), their dialogs,
 * status moves one by one and in bulk, and the takeaway QR.
 */
export function DeliveryScreen({ restaurant, name }: { restaurant: number; name: string }) {
  const t = useT();
  const qc = useQueryClient();
  const [filters, setFilters] = useState<DeliveryFilters>({ status: '0', page: 1, size: DELIVERY_PAGE_SIZE });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = useDeliveries(restaurant, filters);
  const menus = useMenus(restaurant);
  const deliveryMenu = menus.data?.find((m) => m.delivery);
  const moves = useMoves(restaurant);
  const payments = useDeliveryPayments(restaurant);

  // each live message reads again the one query it names, once (../live.ts)
  const live = useLiveQueries(restaurant, { onMessage, onReady });

  const rows = list.data?.results ?? [];
  const chosen = rows.filter((d) => selected.has(d.id));
  const filter = (change: Partial<DeliveryFilters>) => {
    setFilters((f) => ({ ...f, page: 1, ...change }));
    setSelected(new Set());
  };
  const move = (deliveries: Delivery[], status: Move) =>
    moves.run(deliveries, status, () => {
      setSelected(new Set());
      setDialog((open) => (open?.kind === 'reject' ? null : open));
    });
  const detail = (d: Delivery) => {
    // the dialog shows the row it was opened from; live messages keep both current
    qc.setQueryData(deliveryKeys.detail(restaurant, d.id), d);
    setDialog({ kind: 'detail', id: d.id });
  };
  const bulkTicket = () => (chosen.length ? setDialog({ kind: 'ticket', deliveries: chosen }) : notify('error', t('delivery.ticket.nothing')));
  const bulkReject = () => (chosen.length ? setDialog({ kind: 'reject', deliveries: chosen }) : notify('error', t('delivery.move.none')));

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Group gap="sm">
              <Title order={1}>{t('delivery.title')}</Title>
              <Badge color={live ? 'teal' : 'gray'} variant="dot" size="lg" data-testid="live">
                {live ? t('delivery.live') : t('delivery.offline')}
              </Badge>
            </Group>
            <Text c="dimmed">{name}</Text>
          </div>
          <Tooltip label={t('delivery.new.needsMenu')} disabled={!!deliveryMenu || menus.isPending}>
            <Button
              leftSection={<IconPlus size={18} />}
              data-disabled={!deliveryMenu || undefined}
              aria-disabled={!deliveryMenu || undefined}
              onClick={() => deliveryMenu && setDialog({ kind: 'new' })}
            >
              {t('delivery.new.open')}
            </Button>
          </Tooltip>
        </Group>

        <TakeawayShare menu={deliveryMenu} loading={menus.isPending} />

        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <NativeSelect
            label={t('delivery.filter')}
            value={filters.status}
            onChange={(e) => filter({ status: e.currentTarget.value as DeliveryStatus })}
            data={FILTERS.map((s) => ({ value: s, label: t(`delivery.status.${s}`) }))}
          />
          <Group gap="xs" role="list" aria-label={t('delivery.legend')}>
            {FILTERS.filter((s) => s !== '0').map((s) => (
              <Badge key={s} role="listitem" color={STATUS_COLOR[s as Exclude<DeliveryStatus, '0'>]}>
                {t(`delivery.status.${s}`)}
              </Badge>
            ))}
          </Group>
        </Group>

        <Group gap="xs" wrap="wrap" data-testid="bulk-actions" role="toolbar" aria-label={t('delivery.bulk.label')}>
          <Text size="sm" fw={600} mr="xs">
            {t('delivery.bulk.selected', { count: chosen.length })}
          </Text>
          <Button px="md" variant="light" loading={moves.pending} onClick={() => move(chosen, '2')}>
            {t('delivery.bulk.accept')}
          </Button>
          <Button px="md" variant="light" loading={moves.pending} onClick={() => move(chosen, '4')}>
            {t('delivery.bulk.deliver')}
          </Button>
          <Button px="md" variant="light" color="red" onClick={bulkReject}>
            {t('delivery.bulk.reject')}
          </Button>
          <Button px="md" variant="default" leftSection={<IconPrinter size={18} />} onClick={bulkTicket}>
            {t('delivery.bulk.print')}
          </Button>
          <Button px="md" color="green" variant="light" leftSection={<IconCash size={18} />} loading={payments.reading} onClick={() => payments.payAll(filters)}>
            {t('delivery.pay.all')}
          </Button>
        </Group>

        {list.isPending ? (
          <Loading height={200} />
        ) : list.isError ? (
          <Alert color="red">{t('delivery.loadError')}</Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="delivery-empty">
            {t('delivery.empty')}
          </Text>
        ) : (
          <DeliveryTable
            rows={rows}
            selected={selected}
            onSelect={setSelected}
            actions={{
              move: (d, status) => move([d], status),
              reject: (d) => setDialog({ kind: 'reject', deliveries: [d] }),
              detail,
              contact: (d) => setDialog({ kind: 'contact', delivery: d }),
              ticket: (d) => setDialog({ kind: 'ticket', deliveries: [d] }),
              pay: payments.pay,
              moving: moves.pending,
            }}
          />
        )}
        {list.data && list.data.count > 0 && (
          <TablePager
            count={list.data.count}
            page={filters.page}
            size={filters.size}
            onPage={(page) => {
              setFilters((f) => ({ ...f, page }));
              setSelected(new Set());
            }}
            sizes={DELIVERY_PAGE_SIZES}
            onSize={(size) => filter({ size })}
          />
        )}
      </Stack>

      {dialog?.kind === 'detail' && (
        <DetailDialog id={dialog.id} restaurant={restaurant} onEdit={(d) => setDialog({ kind: 'contact', delivery: d })} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'contact' && <ContactDialog delivery={dialog.delivery} restaurant={restaurant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'ticket' && <TicketDialog deliveries={dialog.deliveries} restaurantName={name} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'new' && deliveryMenu && <NewOrderDialog restaurant={restaurant} menu={deliveryMenu} onClose={() => setDialog(null)} />}
      {payments.dialog}
      <ConfirmDialog
        opened={dialog?.kind === 'reject'}
        title={t('delivery.reject.title')}
        message={dialog?.kind === 'reject' ? t('delivery.reject.confirm', { count: dialog.deliveries.length }) : ''}
        confirmLabel={t('delivery.reject.do')}
        loading={moves.pending}
        onClose={() => setDialog(null)}
        onConfirm={() => dialog?.kind === 'reject' && move(dialog.deliveries, '3')}
      />
    </Container>
  );
}
