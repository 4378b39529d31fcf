import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/i18n/format';
import { localeStore, useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { toCents } from '../cart';
import type { LineStatus } from '../api/types';
import { DinerMessages, loadDinerCatalog } from '../components/diner-messages';
import { Notice, Pill } from '../components/notice';
import { useMoney } from '../components/use-money';
import { type Tracking, getTracking } from './get-tracking';
import { useTrackingSocket } from './tracking-socket';
import classes from './tracking.module.css';

/** Before a cold first render (app/router.tsx): the diner's texts in the active language. */
export function prepare() {
  return loadDinerCatalog(localeStore.get());
}

/**
 * /seguimiento?t=<token>: the page the WhatsApp message links to, for one delivery or take-away
 * order only (issue 20): its lines, total and live status, in the diner's language. Phone first
 * and light: the one client's `publicApi` (lib/api-client.ts), and no react-query: one order, read
 * again on each message.
 */
export default function TrackingPage() {
  const [params] = useSearchParams();
  const token = params.get('t');
  return (
    <DinerMessages>
      <Container size="xs" px="sm" py="md">
        {token ? <TrackedOrder token={token} /> : <Gone />}
      </Container>
    </DinerMessages>
  );
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ok'; order: Tracking }
  | { kind: 'gone' }
  | { kind: 'failed'; retryAfter: number | null; order?: Tracking };

/**
 * The order, read once and again on each live message (a message is a signal; the answer is the
 * order). Reads run one at a time: messages that arrive during a read cost one read after it.
 */
function useTrackedOrder(token: string) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const job = useRef({ running: false, again: false, answered: false });
  const read = useCallback(
    function run() {
      const j = job.current;
      if (j.running) {
        j.again = true;
        return;
      }
      j.running = true;
      getTracking(token)
        .then(
          (order) => {
            j.answered = true;
            // a link the socket has closed stays closed: a read still in flight does not bring it back
            setState((s) => (s.kind === 'gone' ? s : { kind: 'ok', order }));
          },
          (err: unknown) => {
            if (err instanceof ApiError && err.status === 404) return setState({ kind: 'gone' });
            const retryAfter = err instanceof ApiError && err.status === 429 ? err.retryAfter : null;
            // a failed read again keeps the order shown
            setState((s) =>
              s.kind === 'gone' ? s : { kind: 'failed', retryAfter, order: s.kind === 'ok' ? s.order : s.kind === 'failed' ? s.order : undefined },
            );
          },
        )
        .finally(() => {
          j.running = false;
          if (j.again) {
            j.again = false;
            run();
          }
        });
    },
    [token],
  );
  useEffect(() => read(), [read]);
  const answered = useCallback(() => job.current.answered, []);
  const gone = useCallback(() => setState({ kind: 'gone' }), []);
  return { state, read, answered, gone };
}

function TrackedOrder({ token }: { token: string }) {
  const t = useT();
  const [locale] = useLocale();
  const order = useTrackedOrder(token);
  const live = useTrackingSocket(token, locale, {
    onChange: order.read,
    // the first read and the socket start together: an answer that came before the socket was
    // listening may miss a change in between, so it is read once more; after a reconnection,
    // only when the server says something happened meanwhile
    onReady: (first, resync) => {
      if ((first && order.answered()) || resync) order.read();
    },
    onGone: order.gone,
  });
  const { state } = order;
  if (state.kind === 'loading') {
    return (
      <Center mih={240}>
        <Loader aria-label={t('diner.track.loading')} />
      </Center>
    );
  }
  if (state.kind === 'gone') return <Gone />;
  if (state.kind === 'failed' && !state.order) {
    return (
      <Center mih={240}>
        <Stack align="center" gap="sm" ta="center">
          <Text>{state.retryAfter ? t('diner.track.tooMany', { seconds: state.retryAfter }) : t('diner.track.loadError')}</Text>
          <Button onClick={order.read}>{t('diner.menu.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  return <OrderView order={state.kind === 'ok' ? state.order : state.order!} live={live === 'live'} />;
}

/** The stages a diner sees, in order; a pickup is not 'on the way'. */
const WAY = { 1: ['received', 'preparing', 'on_the_way', 'delivered'], 2: ['received', 'preparing', 'delivered'] } as const;
const LINE_COLOR: Record<LineStatus, string> = { '1': 'blue', '2': 'orange', '3': 'red', '4': 'teal', '5': 'gray', '6': 'green', '7': 'grape' };

function OrderView({ order, live }: { order: Tracking; live: boolean }) {
  const t = useT();
  const [locale] = useLocale();
  const money = useMoney();
  const way: readonly string[] = order.type_delivery === 1 ? WAY[1] : WAY[2];
  const reached = way.indexOf(order.stage);
  const ended = order.stage === 'rejected' || order.stage === 'cancelled';
  return (
    <Stack gap="md" data-testid="tracking">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {order.restaurant || t('diner.track.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('diner.track.order', { number: order.fk_delivery ?? '', kind: t(order.type_delivery === 1 ? 'diner.checkout.delivery' : 'diner.checkout.takeaway') })}
          </Text>
        </Stack>
        <Pill color={live ? 'teal' : 'gray'} data-testid="tracking-live">
          {live ? t('diner.table.live') : t('diner.table.reconnecting')}
        </Pill>
      </Group>

      <Box className={classes.card} role="status" aria-live="polite" data-testid="tracking-stage" data-stage={order.stage}>
        <Text size="sm" c="dimmed">
          {t('diner.track.now')}
        </Text>
        <Text fw={700} size="xl" mb="sm">
          {t(`diner.track.stage.${order.stage}`)}
        </Text>
        {ended ? (
          <Notice color="red">{t(`diner.track.ended.${order.stage}`)}</Notice>
        ) : (
          <ol className={classes.steps} aria-label={t('diner.track.way')}>
            {way.map((stage, i) => (
              <li key={stage} className={[classes.step, i <= reached ? classes.reached : '', i === reached ? classes.current : ''].join(' ')} aria-current={i === reached ? 'step' : undefined}>
                <span className={classes.dot} aria-hidden />
                {t(`diner.track.stage.${stage}`)}
              </li>
            ))}
          </ol>
        )}
      </Box>

      <Stack gap="sm" className={classes.card}>
        <Title order={2} size="h4">
          {t('diner.track.lines')}
        </Title>
        {order.lines.map((line) => (
          <Group key={line.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid={`tracking-line-${line.id}`}>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} td={line.status === '3' ? 'line-through' : undefined}>
                {line.quantity} x {line.dish_name}
              </Text>
              {line.extra_commentary && (
                <Text size="sm" c="dimmed">
                  {t('diner.cart.lineComment', { text: line.extra_commentary })}
                </Text>
              )}
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flex: 'none' }}>
              <Pill color={LINE_COLOR[line.status] ?? 'gray'} data-status={line.status}>
                {t(`diner.status.${line.status}`)}
              </Pill>
              <Text size="sm">{money(toCents(line.amount))}</Text>
            </Stack>
          </Group>
        ))}
        <Text fw={700} ta="right" data-testid="tracking-total">
          {t('diner.cart.total', { total: money(toCents(order.total)) })}
        </Text>
      </Stack>

      {order.expires_at && (
        <Text size="sm" c="dimmed">
          {t('diner.track.expires', { date: formatDate(order.expires_at, locale) })}
        </Text>
      )}
    </Stack>
  );
}

/** An unknown or expired link (or none): one clear message. */
function Gone() {
  const t = useT();
  return (
    <Center mih={240}>
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h2" data-testid="tracking-gone">
          {t('diner.track.goneTitle')}
        </Title>
        <Text c="dimmed">{t('diner.track.gone')}</Text>
      </Stack>
    </Center>
  );
}
