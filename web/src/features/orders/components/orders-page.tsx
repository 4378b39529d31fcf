import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Container, Group, SegmentedControl, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RequireRestaurant } from '@/components/require-restaurant';
import { GROUP } from '@/config/paths';
import { useSocketConnected, useStaffSocket, type SocketEvent } from '@/features/notifications';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { KEYS, read } from '@/lib/storage';
import { tablesQuery } from '../api/get-tables';
import { sitsQuery } from '../api/get-sits';
import { ordersKeys } from '../api/keys';
import { downloadReport } from '../api/get-report';
import { patchTables } from '../patch';
import type { BoardTable } from '../api/types';
import { Legend } from './legend';
import { ListView } from './list-view';
import { OrdersMessages } from './orders-messages';
import { SketchView, type Call } from './sketch-view';
import { TableDialog } from './table-dialog';
import { useActionError } from './use-action-error';

export default function OrdersPage() {
  return (
    <OrdersMessages>
      <RequireRestaurant>{(r) => <Board restaurant={r.id} />}</RequireRestaurant>
    </OrdersMessages>
  );
}

/** Messages that change the board (services/notifications/README.md 'How the screens use it'). */
const BOARD_TYPES = new Set(['new_order', 'new_delivery', 'order_status', 'order_removed', 'table_freed', 'waiter_call', 'bill_request', 'waiter_call_cleared']);

/** /ordenes (spec part 2 §2 'Orders screen'): sketch and list views, live through the tab's socket. */
function Board({ restaurant }: { restaurant: number }) {
  const t = useT();
  const qc = useQueryClient();
  const { groups } = useSession();
  const [view, setView] = useState<'sketch' | 'list'>('sketch');
  const [open, setOpen] = useState<number | null>(null);
  const [calls, setCalls] = useState<Record<number, Call | undefined>>({});
  const onError = useActionError();
  const waitMinutes = Number(read(KEYS.waitTime)) || 0;
  // the wait-time timer: every half of the wait time (off when it is 0)
  const tables = useQuery({ ...tablesQuery(restaurant), refetchInterval: waitMinutes > 0 ? (waitMinutes * 60_000) / 2 : false });
  const sits = useQuery(sitsQuery(restaurant));

  const onEvent = useCallback(
    (e: SocketEvent) => {
      if (e.kind === 'ready') {
        // after a gap (or on a first connection) the board is read again
        void qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) });
        return;
      }
      if (e.kind !== 'message' || e.message.fk_resto !== restaurant || !BOARD_TYPES.has(e.message.type)) return;
      const { type, fk_sit } = e.message;
      if (fk_sit !== null && (type === 'waiter_call' || type === 'bill_request' || type === 'waiter_call_cleared' || type === 'table_freed')) {
        setCalls((c) => ({ ...c, [fk_sit]: type === 'waiter_call' ? 'waiter' : type === 'bill_request' ? 'bill' : undefined }));
      }
      const key = tablesQuery(restaurant).queryKey;
      const current = qc.getQueryData(key);
      const patched = current && patchTables(current, e.message);
      if (patched) qc.setQueryData(key, patched);
      void qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) });
    },
    [qc, restaurant],
  );
  useStaffSocket(restaurant, onEvent);
  const live = useSocketConnected();

  // floor's pending calls when it reports them; live messages override
  const floorCalls = Object.fromEntries((sits.data ?? []).filter((s) => s.call_waiter).map((s) => [s.id, s.call_kind === 'bill' ? 'bill' : 'waiter']));
  const allCalls = { ...floorCalls, ...calls } as Record<number, Call | undefined>;

  // the late-table notice, once per table each time it becomes late
  const warned = useRef(new Set<number>());
  useEffect(() => {
    for (const tb of tables.data ?? []) {
      if (tb.late && !warned.current.has(tb.fk_sit)) {
        warned.current.add(tb.fk_sit);
        notify('warning', t('orders.late', { n: tb.i_name }));
      }
      if (!tb.late) warned.current.delete(tb.fk_sit);
    }
  }, [tables.data, t]);

  const bulk = groups.includes(GROUP.owner) || groups.includes(GROUP.operator);
  const table = (tables.data ?? []).find((tb) => tb.fk_sit === open);
  return (
    <Container size="xl" py="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={1}>{t('page.ordenes.title')}</Title>
          <Badge color={live ? 'teal' : 'gray'} variant="dot" data-testid="live">
            {live ? t('orders.live') : t('orders.offline')}
          </Badge>
        </Group>
        <Group gap="xs">
          <SegmentedControl
            size="md"
            data-testid="view-switch"
            value={view}
            onChange={(v) => setView(v as 'sketch' | 'list')}
            data={[
              { value: 'sketch', label: t('orders.view.sketch') },
              { value: 'list', label: t('orders.view.list') },
            ]}
          />
          <Button size="md" variant="default" leftSection={<IconFileTypePdf size={18} />} onClick={() => void downloadReport(restaurant).catch(onError)}>
            {t('orders.report')}
          </Button>
        </Group>
      </Group>
      <Group mb="md">
        <Legend />
      </Group>
      {view === 'sketch' ? (
        <SketchView tables={tables.data ?? []} sits={sits.data ?? []} calls={allCalls} onOpen={(tb: BoardTable) => setOpen(tb.fk_sit)} />
      ) : (
        <ListView restaurant={restaurant} />
      )}
      {table && <TableDialog table={table} restaurant={restaurant} menu={sits.data?.find((s) => s.id === table.fk_sit)?.fk_menu} bulk={bulk} onClose={() => setOpen(null)} />}
    </Container>
  );
}
