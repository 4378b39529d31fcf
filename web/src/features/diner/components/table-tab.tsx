import { useState } from 'react';
import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconReceipt } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import { type CallKind, useCallWaiter } from '../api/call-waiter';
import { DinerHttpError } from '../api/http';
import { useTab } from '../api/get-tab';
import type { LineStatus } from '../api/types';
import { lineCents, toCents } from '../cart';
import type { SocketState } from '../table-socket';
import { LineComment } from './line-comment';
import { Notice, Pill } from './notice';
import { useMoney } from './use-money';

const STATUS_COLOR: Record<LineStatus, string> = { '1': 'blue', '2': 'orange', '3': 'red', '4': 'teal', '5': 'gray', '6': 'green', '7': 'grape' };

/** The table's shared tab: every line, who ordered it, its status (live), the running total. */
export function TableTab({ token, live, waiterComing }: { token: string; live: SocketState; waiterComing: boolean }) {
  const t = useT();
  const money = useMoney();
  const tab = useTab(token);
  const lines = tab.data?.lines ?? [];
  return (
    <Box p="md" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }} data-testid="table-tab">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('diner.table.tab')}
          </Title>
          <Pill color={live === 'live' ? 'teal' : 'gray'} data-testid="socket-state">
            {live === 'live' ? t('diner.table.live') : t('diner.table.reconnecting')}
          </Pill>
        </Group>
        {waiterComing && (
          <Notice color="teal" role="status">
            {t('diner.table.waiterComing')}
          </Notice>
        )}
        {lines.length === 0 ? (
          <Text c="dimmed">{t('diner.table.tabEmpty')}</Text>
        ) : (
          lines.map((line) => (
            <Group key={line.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid={`tab-line-${line.id}`}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} td={line.status === '3' ? 'line-through' : undefined}>
                  {line.quantity} x {line.dish_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('diner.table.by', { name: line.diner_name || '—' })}
                </Text>
                <LineComment text={line.extra_commentary} />
              </Stack>
              <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
                <Pill color={STATUS_COLOR[line.status] ?? 'gray'} data-testid="line-status" data-status={line.status}>
                  {t(`diner.status.${line.status}`)}
                </Pill>
                <Text size="sm">{money(lineCents({ price: line.price, quantity: line.quantity }))}</Text>
              </Stack>
            </Group>
          ))
        )}
        <Text fw={700} ta="right" data-testid="tab-total">
          {t('diner.table.total', { total: money(toCents(tab.data?.total ?? '0')) })}
        </Text>
      </Stack>
    </Box>
  );
}

/** 'Call the waiter' and 'ask for the bill' (the bill is its own kind of call on the board). */
export function WaiterButtons({ token }: { token: string }) {
  const t = useT();
  const call = useCallWaiter(token);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const press = async (kind: CallKind) => {
    if (call.isBusy()) return;
    try {
      await call.mutateAsync(kind);
      setNote({ ok: true, text: t(kind === 'bill' ? 'diner.table.billAsked' : 'diner.table.waiterCalled') });
    } catch (err) {
      setNote({
        ok: false,
        text:
          err instanceof DinerHttpError && err.status === 429
            ? t('diner.errors.too_many_calls', { seconds: err.retryAfter ?? 30 })
            : err instanceof DinerHttpError && (err.status === 410 || err.code === 'place_token_revoked')
              ? t('diner.place.revoked')
              : t('diner.errors.network'),
      });
    }
  };
  return (
    <Stack gap="xs">
      {/* one under the other on a phone: side by side they cut their labels short */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button size="md" variant="light" leftSection={<IconBell size={20} />} onClick={() => press('waiter')} loading={call.isPending && call.variables === 'waiter'}>
          {t('diner.table.callWaiter')}
        </Button>
        <Button size="md" variant="light" leftSection={<IconReceipt size={20} />} onClick={() => press('bill')} loading={call.isPending && call.variables === 'bill'}>
          {t('diner.table.askBill')}
        </Button>
      </SimpleGrid>
      {note && (
        <Notice color={note.ok ? 'teal' : 'red'} role={note.ok ? 'status' : 'alert'} closeLabel={t('common.close')} onClose={() => setNote(null)}>
          {note.text}
        </Notice>
      )}
    </Stack>
  );
}
