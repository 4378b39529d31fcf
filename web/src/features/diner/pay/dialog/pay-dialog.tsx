import { useRef, useState } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { LabelledChoice } from '@/components/labelled-choice';
import { ApiError } from '@/lib/api-client';
import { flattenErrors } from '@/lib/error-body';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { type PayOnline, usePayOnline } from '../../api/pay-online';
import type { PayMode, TabLine, TableCheckout } from '../../api/types';
import { lineCents } from '../../cart';
import { StepButton } from '../../components/step-button';
import { useMoney } from '../../components/use-money';
import { myOrders } from '../../my-orders';
import { navigation } from '../../navigation';
import { SHARES, TIP_PERCENTS, type TipChoice, linesCents, nextShareCents, shareCents, tipBody, tipCents } from '../amounts';
import en from './locales/en.json';
import es from './locales/es.json';

type T = ReturnType<typeof useT>;

export type PayDialogProps = {
  token: string;
  /** The restaurant has tips on: the tip choice shows. */
  tips: boolean;
  /** The tab's lines billing can still charge. */
  lines: TabLine[];
  /** Paying the next share of this open split, rather than a new checkout. */
  share: TableCheckout | null;
  onClose: () => void;
  /** A refusal that means the tab or its payments changed: read them again. */
  onStale: () => void;
};

/** Refusals that mean the tab or its payments changed under the diner (the screen reads them again). */
const STALE = new Set(['nothing_to_pay', 'lines_in_checkout', 'marketplace_not_linked', 'tips_off', 'no_share_left', 'checkout_closed']);
/** Billing's refusals the phone words itself, by code (services/billing checkout/errors.py). */
const CODES = new Set([...STALE, 'tip_invalid', 'share_too_small']);

/** What a refused payment says, by the answer's `code` (never by its wording). */
export function payErrorText(t: T, err: unknown, share: boolean): string {
  if (!(err instanceof ApiError)) return t('diner.errors.network');
  const code = err.code;
  if (code && CODES.has(code)) return t(`diner.pay.errors.${code}`);
  if (err.status === 410 || code === 'place_token_revoked') return t('diner.place.revoked');
  // a split of another table (or gone) is a plain 404; the table's own token unknown says so
  if (err.status === 404 && (!share || code?.startsWith('place_token'))) return t('diner.place.unknown');
  if (err.status === 404) return t('diner.pay.errors.checkout_closed');
  if (err.status === 429) return t('diner.pay.errors.tooMany', { seconds: err.retryAfter ?? 30 });
  // 502: the marketplace did not answer (provider_unreachable, provider_error); nothing was left open
  if (err.status === 502) return t('diner.pay.errors.provider');
  if (err.status >= 500) return t('diner.errors.server');
  // anything else (a tip refused, a split closed meanwhile) arrives in the diner's language already
  return flattenErrors(err.body)[0]?.message || t('diner.errors.server');
}

/**
 * 'Pay' at the table (issue 22): the whole tab, only the lines of the orders this phone placed, or
 * an equal share among 2 to 20 people (or the next share of a split another phone opened); a tip
 * when the restaurant has them on (10, 15, 20 % or an amount); the amounts; then the phone goes to
 * the marketplace's checkout page. One Idempotency-Key per payment asked for: a retry of the same
 * one (a lost answer, the marketplace down a moment) keeps it, so billing opens one checkout.
 */
export default function PayDialog(props: PayDialogProps) {
  // its texts come with its code, on the first tap
  return (
    <MessagesScope catalogs={{ es, en }}>
      <Pay {...props} />
    </MessagesScope>
  );
}

function Pay({ token, tips, lines, share, onClose, onStale }: PayDialogProps) {
  const t = useT();
  // the lines of the orders this phone placed (an order of an earlier sitting is on no line now)
  const [mine] = useState(() => {
    const placed = new Set(myOrders(token));
    return lines.filter((l) => placed.has(l.order));
  });
  const money = useMoney();
  const pay = usePayOnline();
  const [mode, setMode] = useState<PayMode>(share ? 'share' : 'tab');
  const [people, setPeople] = useState<number>(SHARES.min);
  const [tip, setTip] = useState<TipChoice>({ kind: 'none' });
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef<{ value: string; of: string } | null>(null);

  const tabCents = linesCents(lines);
  const shown = mode === 'mine' ? mine : lines;
  const amount = share ? nextShareCents(share) : mode === 'share' ? shareCents(tabCents, people) : linesCents(shown);
  const tipping = tips ? tipCents(tip, amount) : 0;
  const tipError = touched && Number.isNaN(tipping) ? t('diner.pay.tipInvalid', { max: money(amount) }) : undefined;
  const total = amount + (Number.isNaN(tipping) ? 0 : tipping);

  const request = (): PayOnline['body'] => {
    const given = tips ? tipBody(tip) : { tip_percent: null, tip_amount: null };
    if (share) return { t: token, ...given };
    if (mode === 'mine') return { t: token, mode, orders: [...new Set(mine.map((l) => l.order))], ...given };
    if (mode === 'share') return { t: token, mode, shares: people, ...given };
    return { t: token, mode, ...given };
  };

  const submit = () => {
    setTouched(true);
    setFailure(null);
    if (Number.isNaN(tipping) || amount <= 0 || pay.isBusy()) return;
    const body = request();
    const of = JSON.stringify([share?.checkout ?? null, body]);
    // the same payment asked again keeps its key; any change is another payment
    if (key.current?.of !== of) key.current = { value: newIdempotencyKey(), of };
    const input = (share ? { key: key.current.value, body, share: share.checkout } : { key: key.current.value, body }) as PayOnline;
    pay.mutateAsync(input).then(
      (answer) => navigation.open(answer.init_point),
      (err: unknown) => {
        setFailure(payErrorText(t, err, !!share));
        if (err instanceof ApiError && ((err.code && STALE.has(err.code)) || (share && err.status === 404))) onStale();
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t(share ? 'diner.pay.shareTitle' : 'diner.pay.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md" data-testid="pay-dialog">
        {share ? (
          <Text>{t('diner.pay.shareNext', { n: share.shares_taken + 1, of: share.shares, total: money(Math.round(Number(share.amount) * 100)) })}</Text>
        ) : (
          <>
            <LabelledChoice
              label={t('diner.pay.what')}
              orientation="vertical"
              value={mode}
              onChange={(v) => setMode(v as PayMode)}
              data={(['tab', 'mine', 'share'] as const).map((m) => ({ value: m, label: t(`diner.pay.mode.${m}`), disabled: m === 'mine' && mine.length === 0 }))}
            >
              {mine.length === 0 && (
                <Text size="sm" c="dimmed" mt={4}>
                  {t('diner.pay.mineNone')}
                </Text>
              )}
            </LabelledChoice>
            {mode === 'share' ? (
              <People people={people} onChange={setPeople} text={t('diner.pay.shareOf', { total: money(tabCents), share: money(amount) })} />
            ) : (
              <Lines lines={shown} />
            )}
          </>
        )}

        {tips && <TipChoiceField tip={tip} onChange={setTip} error={tipError} />}

        <Stack gap={4} data-testid="pay-amounts">
          <Row label={t(share || mode === 'share' ? 'diner.pay.yourShare' : 'diner.pay.lines')} value={money(amount)} testid="pay-amount" />
          {tips && <Row label={t('diner.pay.tip')} value={Number.isNaN(tipping) ? '—' : money(tipping)} testid="pay-tip" />}
          <Row label={t('diner.pay.total')} value={money(total)} testid="pay-total" strong />
        </Stack>

        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Stack gap="xs">
          <Button size="lg" fullWidth onClick={submit} loading={pay.isPending} disabled={amount <= 0}>
            {t('diner.pay.submit', { total: money(total) })}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t('diner.pay.leaving')}
          </Text>
          <Button fullWidth variant="default" onClick={onClose}>
            {t('common.back')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}

function Row({ label, value, testid, strong }: { label: string; value: string; testid: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testid}>
      <Text fw={strong ? 700 : undefined} size={strong ? 'lg' : undefined}>
        {label}
      </Text>
      <Text fw={strong ? 700 : undefined} size={strong ? 'lg' : undefined}>
        {value}
      </Text>
    </Group>
  );
}

function Lines({ lines }: { lines: TabLine[] }) {
  const money = useMoney();
  return (
    <Stack gap={4} data-testid="pay-lines">
      {lines.map((l) => (
        <Group key={l.id} justify="space-between" wrap="nowrap">
          <Text size="sm" style={{ minWidth: 0 }}>
            {l.quantity} x {l.dish_name}
          </Text>
          <Text size="sm">{money(lineCents(l))}</Text>
        </Group>
      ))}
    </Stack>
  );
}

function People({ people, onChange, text }: { people: number; onChange: (n: number) => void; text: string }) {
  const t = useT();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('diner.pay.people')}</Text>
      <Group gap="md" justify="center">
        <StepButton size={48} label={t('diner.pay.fewer')} icon={<IconMinus size={22} />} disabled={people <= SHARES.min} onClick={() => onChange(people - 1)} />
        <Text fw={700} size="lg" miw={120} ta="center" data-testid="pay-people" aria-live="polite">
          {t('diner.pay.peopleCount', { count: people })}
        </Text>
        <StepButton size={48} label={t('diner.pay.more')} icon={<IconPlus size={22} />} disabled={people >= SHARES.max} onClick={() => onChange(people + 1)} />
      </Group>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}

function TipChoiceField({ tip, onChange, error }: { tip: TipChoice; onChange: (tip: TipChoice) => void; error?: string }) {
  const t = useT();
  // the three percents on one row, 'no tip' and 'other amount' (longer words) on the next: whole labels on a 390 px phone
  const choices: { label: string; choice: TipChoice; on: boolean; span: number }[] = [
    ...TIP_PERCENTS.map((percent) => ({
      label: t('diner.pay.tipPercent', { percent }),
      choice: { kind: 'percent', percent } as TipChoice,
      on: tip.kind === 'percent' && tip.percent === percent,
      span: 2,
    })),
    { label: t('diner.pay.tipNone'), choice: { kind: 'none' }, on: tip.kind === 'none', span: 3 },
    { label: t('diner.pay.tipOther'), choice: { kind: 'amount', text: '' }, on: tip.kind === 'amount', span: 3 },
  ];
  return (
    <Stack gap="xs">
      <Text fw={600} id="pay-tip">
        {t('diner.pay.tip')}
      </Text>
      <Box role="group" aria-labelledby="pay-tip" style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 'var(--mantine-spacing-xs)' }}>
        {choices.map((c) => (
          <Button
            key={c.label}
            px="xs"
            style={{ gridColumn: `span ${c.span}` }}
            variant={c.on ? 'filled' : 'default'}
            aria-pressed={c.on}
            onClick={() => !c.on && onChange(c.choice)}
          >
            {c.label}
          </Button>
        ))}
      </Box>
      {tip.kind === 'amount' && (
        <TextInput
          label={t('diner.pay.tipAmount')}
          inputMode="decimal"
          value={tip.text}
          onChange={(e) => onChange({ kind: 'amount', text: e.currentTarget.value })}
          error={error}
          data-autofocus
        />
      )}
    </Stack>
  );
}
