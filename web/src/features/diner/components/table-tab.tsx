import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconReceipt } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/messages';
import { type CallKind, useCallWaiter } from '../api/call-waiter';
import { usePayState } from '../api/get-pay-state';
import { useTab } from '../api/get-tab';
import { dinerKeys } from '../api/keys';
import { refresh } from '../api/query';
import type { LineStatus, PayStatus } from '../api/types';
import { lineCents, toCents } from '../cart';
import { openSplit } from '../pay/amounts';
import type { SocketState } from '../table-socket';
import { LineComment } from './line-comment';
import { Notice, Pill } from './notice';
import { TablePay } from './table-pay';
import classes from './notice.module.css';
import { useMoney } from './use-money';

const STATUS_COLOR: Record<LineStatus, string> = { '1': 'blue', '2': 'orange', '3': 'red', '4': 'teal', '5': 'gray', '6': 'green', '7': 'grape' };
/** An online payment in progress or refused holds the line (spec part 2 §4 'Payment'); paid shows as the line's status. */
const PAY_COLOR: Partial<Record<NonNullable<PayStatus>, string>> = { pending: 'orange', rejected: 'red' };

/** How often an open equal split's shares paid are read again while the phone shows it. */
export const SPLIT_REFRESH_MS = 10_000;

/** The table's shared tab: every line, who ordered it, its status (live), the running total. */
export function TableTab({ token, live, waiterComing }: { token: string; live: SocketState; waiterComing: boolean }) {
  const t = useT();
  const money = useMoney();
  const tab = useTab(token);
  const pay = usePayState(token);
  const lines = tab.data?.lines ?? [];
  // billing's side (open checkouts, an equal split's shares) is read again when a line's payment
  // changes, not on every change of the tab
  const payments = tab.data ? lines.map((l) => `${l.id}:${l.status}:${l.status_pay ?? ''}`).join() : null;
  const seen = useRef(payments);
  const refetchPay = pay.refetch;
  useEffect(() => {
    if (payments == null || seen.current === payments) return;
    if (seen.current != null) void refetchPay();
    seen.current = payments;
  }, [payments, refetchPay]);
  // a share of an equal split paid changes no line (they stay 'pending' until the last share), so
  // no message says so: while a split is open its shares paid are read again now and then, and as
  // soon as the phone is looked at again
  const splitOpen = pay.data?.checkouts.some(openSplit) ?? false;
  useEffect(() => {
    if (!splitOpen) return;
    const again = () => {
      if (document.visibilityState === 'visible') void refetchPay();
    };
    const timer = setInterval(again, SPLIT_REFRESH_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, [splitOpen, refetchPay]);
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
                {line.status_pay && PAY_COLOR[line.status_pay] && (
                  <Pill color={PAY_COLOR[line.status_pay]!} data-testid="line-pay" data-status={line.status_pay}>
                    {t(`diner.status.pay.${line.status_pay}`)}
                  </Pill>
                )}
                <Text size="sm">{money(lineCents({ price: line.price, quantity: line.quantity }))}</Text>
              </Stack>
            </Group>
          ))
        )}
        <Text fw={700} ta="right" data-testid="tab-total">
          {t('diner.table.total', { total: money(toCents(tab.data?.total ?? '0')) })}
        </Text>
        {tab.data && pay.data?.linked && (
          <TablePay token={token} lines={lines} state={pay.data} onStale={() => void Promise.all([refresh(dinerKeys.tab(token)), refresh(dinerKeys.payState(token))])} />
        )}
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
          err instanceof ApiError && err.status === 429
            ? t('diner.errors.too_many_calls', { seconds: err.retryAfter ?? 30 })
            : err instanceof ApiError && (err.status === 410 || err.code === 'place_token_revoked')
              ? t('diner.place.revoked')
              : t('diner.errors.network'),
      });
    }
  };
  return (
    <Stack gap="xs">
      <div className={classes.buttons}>
        <Button variant="light" leftSection={<IconBell size={20} />} onClick={() => press('waiter')} loading={call.isPending && call.variables === 'waiter'}>
          {t('diner.table.callWaiter')}
        </Button>
        <Button variant="light" leftSection={<IconReceipt size={20} />} onClick={() => press('bill')} loading={call.isPending && call.variables === 'bill'}>
          {t('diner.table.askBill')}
        </Button>
      </div>
      {note && (
        <Notice color={note.ok ? 'teal' : 'red'} role={note.ok ? 'status' : 'alert'} closeLabel={t('common.close')} onClose={() => setNote(null)}>
          {note.text}
        </Notice>
      )}
    </Stack>
  );
}
