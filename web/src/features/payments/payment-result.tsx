import { Button, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClock, IconQuestionMark, IconReceiptRefund, IconX, type TablerIcon } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { KEYS, read } from '@/lib/storage';
import { usePaymentState } from './api/get-payment-state';
import type { PaymentState } from './api/keys';
import en from './locales/en.json';
import es from './locales/es.json';

/** Which address the marketplace sent the diner back to (its `back_urls`). */
export type ResultPath = 'success' | 'pending' | 'fail';
type State = PaymentState['state'];

const LOOK: Record<State | 'unknown', { icon: TablerIcon; color: string }> = {
  approved: { icon: IconCheck, color: 'teal' },
  pending: { icon: IconClock, color: 'yellow' },
  rejected: { icon: IconX, color: 'red' },
  cancelled: { icon: IconX, color: 'gray' },
  expired: { icon: IconClock, color: 'gray' },
  refunded: { icon: IconReceiptRefund, color: 'blue' },
  unknown: { icon: IconQuestionMark, color: 'gray' },
};
/** Without billing's word, what the address alone suggests. */
const BY_PATH: Record<ResultPath, State> = { success: 'approved', pending: 'pending', fail: 'rejected' };

/**
 * The table the phone came from (`/menus?p=…`, kept by the diner's menu): the way back. Only a
 * menu address of this app is followed; anything else leads home.
 */
function tableLink(): string | null {
  const stored = read(KEYS.dinerTable);
  return stored && stored.startsWith(`${paths.menus.path}?p=`) ? stored : null;
}

/**
 * /pago/success, /pago/pending, /pago/fail (issue 22): where the marketplace sends the phone back.
 * It reads the payment's reference from the address (`external_reference`, the marketplace's
 * `collection_status` / `status` and `payment_id` beside it), asks billing what happened, and says
 * it: paid and how much (with the tip), pending (asking again until it is decided), rejected,
 * cancelled, expired or refunded with what to do; then back to the table, or home. The place
 * token never travels through the marketplace: the way back is what this phone kept.
 */
export default function PaymentResult({ result }: { result: ResultPath }) {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Result result={result} />
    </MessagesScope>
  );
}

function Result({ result }: { result: ResultPath }) {
  const t = useT();
  const [params] = useSearchParams();
  const reference = params.get('external_reference');
  const state = usePaymentState(reference);
  const table = tableLink();

  let body;
  if (!reference) {
    // no reference to ask about: the address's word, said as such
    body = <Outcome look={LOOK[BY_PATH[result]]} title={t(`payment.state.${BY_PATH[result]}.title`)} lines={[t(`payment.unverified.${result}`)]} />;
  } else if (state.isPending) {
    body = (
      <Stack align="center" gap="sm" py="xl">
        <Loader size="lg" />
        <Text size="lg">{t('payment.checking')}</Text>
      </Stack>
    );
  } else if (state.isError) {
    const unknown = state.error instanceof ApiError && state.error.status === 404;
    body = unknown ? (
      <Outcome look={LOOK.unknown} title={t('payment.unknown.title')} lines={[t('payment.unknown.text')]} />
    ) : (
      <Outcome
        look={LOOK[BY_PATH[result]]}
        title={t(`payment.state.${BY_PATH[result]}.title`)}
        lines={[t(`payment.unverified.${result}`), t('payment.loadError')]}
        action={
          <Button size="lg" variant="light" fullWidth onClick={() => void state.refetch()}>
            {t('payment.retry')}
          </Button>
        }
      />
    );
  } else {
    body = <Decided payment={state.data!} forTable={!!table} />;
  }

  // a delivery order's payment has no table to go back to
  const back = table && !(state.data && state.data.fk_delivery != null) ? table : null;
  return (
    <Container size="xs" px="md" py={40}>
      <Stack gap="xl">
        {body}
        <Button component={Link} to={back ?? paths.home.path} size="lg" fullWidth variant={back ? 'filled' : 'default'} data-testid="payment-back">
          {t(back ? 'payment.backToTable' : 'payment.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}

/** What billing says happened, in the diner's words and currency. */
function Decided({ payment, forTable }: { payment: PaymentState; forTable: boolean }) {
  const t = useT();
  const [locale] = useLocale();
  const money = (amount: string) => formatPrice(amount, locale);
  const { state } = payment;
  const lines = [t(`payment.state.${state}.text`, { total: money(payment.total), restaurant: payment.restaurant })];
  if (payment.share) lines.push(t('payment.share', { n: payment.share.n, of: payment.share.of }));
  if (state === 'approved') {
    if (Number(payment.tip) > 0) lines.push(t('payment.state.approved.tip', { tip: money(payment.tip) }));
    if (forTable && payment.fk_sit != null) lines.push(t('payment.state.approved.table'));
  } else if (state === 'pending') {
    lines.push(t('payment.state.pending.wait'));
  } else {
    lines.push(t(`payment.state.${state}.todo`));
  }
  return <Outcome look={LOOK[state]} title={t(`payment.state.${state}.title`)} lines={lines} busy={state === 'pending'} state={state} />;
}

function Outcome(props: { look: { icon: TablerIcon; color: string }; title: string; lines: string[]; action?: React.ReactNode; busy?: boolean; state?: string }) {
  const Icon = props.look.icon;
  return (
    <Stack align="center" ta="center" gap="md" data-testid="payment-result" data-state={props.state ?? ''}>
      <ThemeIcon size={88} radius={88} color={props.look.color} aria-hidden>
        <Icon size={52} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      {props.lines.map((line) => (
        <Text key={line} size="lg">
          {line}
        </Text>
      ))}
      {props.busy && <Loader size="sm" aria-hidden />}
      {props.action}
    </Stack>
  );
}
