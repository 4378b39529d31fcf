import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Container, Group, SegmentedControl, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RequireRestaurant } from '@/components/require-restaurant';
import { GROUP } from '@/config/paths';
import { useLiveQueries } from '@/features/notifications';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { downloadReport } from '../api/get-report';
import { tablesQuery } from '../api/get-tables';
import { latePoll, onMessage, onReady } from '../live';
import { Legend } from './legend';
import { ListView } from './list-view';
import { OrdersMessages } from './orders-messages';
import { SketchView } from './sketch-view';
import { TableDialog } from './table-dialog';
import { useActionError } from './use-action-error';

export default function OrdersPage() {
  return (
    <OrdersMessages>
      <RequireRestaurant>{(r) => <Board restaurant={r.id} />}</RequireRestaurant>
    </OrdersMessages>
  );
}

/** /ordenes (spec part 2 §2 'Orders screen'): sketch and list views, live through the tab's socket. */
function Board({ restaurant }: { restaurant: number }) {
  const t = useT();
  const { groups } = useSession();
  const [view, setView] = useState<'sketch' | 'list'>('sketch');
  const [open, setOpen] = useState<{ place: number; name: string } | null>(null);
  const onError = useActionError();
  const tables = useQuery({ ...tablesQuery(restaurant), refetchInterval: (query) => latePoll(query.state.data) });

  // each live message reads again the one query it names, once (../live.ts)
  const live = useLiveQueries(restaurant, { onMessage, onReady });

  // the late-table notice (3 s), in the server's words, once per table each time it becomes late
  const warned = useRef(new Set<number>());
  useEffect(() => {
    for (const tb of tables.data ?? []) {
      if (tb.late && !warned.current.has(tb.fk_sit)) {
        warned.current.add(tb.fk_sit);
        notify('warning', tb.late_message ?? t('orders.late', { n: tb.i_name }), { autoClose: DURATION.short });
      }
      if (!tb.late) warned.current.delete(tb.fk_sit);
    }
  }, [tables.data, t]);

  const bulk = groups.includes(GROUP.owner) || groups.includes(GROUP.operator);
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
            data-testid="view-switch"
            value={view}
            onChange={(v) => setView(v as 'sketch' | 'list')}
            data={[
              { value: 'sketch', label: t('orders.view.sketch') },
              { value: 'list', label: t('orders.view.list') },
            ]}
          />
          <Button variant="default" leftSection={<IconFileTypePdf size={18} />} onClick={() => void downloadReport(restaurant).catch(onError)}>
            {t('orders.report')}
          </Button>
        </Group>
      </Group>
      <Group mb="md">
        <Legend />
      </Group>
      {view === 'sketch' ? (
        <SketchView restaurant={restaurant} onOpen={(tb) => setOpen({ place: tb.fk_sit, name: tb.i_name })} />
      ) : (
        <ListView restaurant={restaurant} />
      )}
      {open && <TableDialog place={open.place} name={open.name} restaurant={restaurant} bulk={bulk} onClose={() => setOpen(null)} />}
    </Container>
  );
}
