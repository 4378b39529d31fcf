import { useRef, useState, type FormEvent } from 'react';
import { Radio, Group, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { freeLines } from '../api/cancel-online-payment';
import { usePay } from '../actions';
import { LineFinal, PAY_METHODS, heldOnline, submissionOf, type PayInput, type PayMethod } from '../api/pay';
import type { Line } from '../api/types';
import { useActionError } from './use-action-error';

type PayLine = Pick<Line, 'id' | 'price' | 'quantity'> & Partial<Pick<Line, 'status_pay'>>;

type Props = {
  /** The lines this payment charges: one line, or a table's payable lines ('pay all'). */
  lines: PayLine[];
  title: string;
  restaurant: number;
  place: number | null;
  /** A table's 'pay all' (the bulk payment call), rather than one line's button. */
  all?: boolean;
  /** Another screen's payment call (the delivery screen's: its own messages and refresh) instead of the board's. */
  payment?: ReturnType<typeof usePay>;
  /** How a refusal for an online payment under way is put: the board asks; the delivery screen's dialog says the payment was refused (spec part 2 §8). */
  heldAs?: 'question' | 'rejection';
  onClose: () => void;
};

/** The lines' total as the cashier reads it (the server charges its own sum: `money.paid_amount`). */
export function totalOf(lines: Pick<Line, 'price' | 'quantity'>[]): string {
  const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
  return (cents / 100).toFixed(2);
}

/** After a cancel, billing tells ordering by an event: the lines are free a moment later, so the payment is tried again a few times. */
const RETRY_AFTER_CANCEL_MS = [0, 500, 1000, 2000, 4000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Held = { input: PayInput; lines: number[]; detail: string };

/**
 * Paying at the counter (spec part 2 §4 'Payment', §8): the method (Efectivo, Débito, Crédito),
 * then one payment of the lines. Every submission carries one Idempotency-Key: the same lines and
 * method sent again (a retry after a lost answer) keep it, so the payment is recorded once; another
 * method is another key. A 208 (a line already paid or rejected) shows the server's error and
 * closes: the tab is read again and the line shows its real status. A refusal because an online
 * payment holds a line asks whether to cancel that payment: yes cancels it (billing) and sends the
 * same submission again, with its key.
 */
export function PayDialog({ lines, title, restaurant, place, all = false, payment: given, heldAs = 'question', onClose }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const [method, setMethod] = useState<PayMethod>('Efectivo');
  // hooks run unconditionally; an idle mutation costs nothing when another screen brings its own
  const board = usePay(restaurant, place);
  const payment = given ?? board;
  const onError = useActionError();
  const key = useRef<{ value: string; of: string } | null>(null);
  const [held, setHeld] = useState<Held | null>(null);
  const [freeing, setFreeing] = useState(false);
  const close = () => {
    key.current = null;
    onClose();
  };

  /** One try: done (paid, or closed on a 208), refused (the mutation said why), or held by an online payment. */
  const attempt = (input: PayInput) =>
    payment.mutateAsync(input).then(
      () => {
        close();
        return null;
      },
      (error: unknown) => {
        if (error instanceof LineFinal) close();
        const holding = heldOnline(error);
        if (!holding) return null;
        // ordering names the lines held; a server that does not says so in words, and the lines shown tell which
        const shown = lines.filter((l) => input.lines.includes(l.id) && l.status_pay && l.status_pay !== 'paid').map((l) => l.id);
        return { input, lines: holding.lines ?? (shown.length ? shown : input.lines), detail: holding.detail };
      },
    );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (payment.isPending || freeing || lines.length === 0) return;
    const ids = lines.map((l) => l.id);
    const of = submissionOf(ids, method);
    if (key.current?.of !== of) key.current = { value: newIdempotencyKey(), of };
    // a refused submission other than 208 keeps the dialog (and its key) for a retry
    void attempt({ lines: ids, method, key: key.current.value, all }).then(setHeld);
  };

  const cancelAndPay = async () => {
    if (!held || freeing) return;
    setFreeing(true);
    try {
      await freeLines(held.lines);
    } catch (error) {
      onError(error);
      setFreeing(false);
      return;
    }
    let still: Held | null = held;
    for (const wait of RETRY_AFTER_CANCEL_MS) {
      await sleep(wait);
      still = await attempt(held.input);
      if (!still) break;
    }
    setFreeing(false);
    setHeld(still);
  };

  // the marketplace declined the payment that holds the lines: it is not 'under way', though still open until cancelled
  const heldLines = held ? lines.filter((l) => held.lines.includes(l.id)) : [];
  const declined = heldAs === 'question' && heldLines.length > 0 && heldLines.every((l) => l.status_pay === 'rejected');
  const askTitle = heldAs === 'rejection' ? 'orders.online.rejected' : declined ? 'orders.online.declinedTitle' : 'orders.online.title';

  return (
    <>
      <FormDialog opened={!held} onClose={close} title={title} onSubmit={submit} submitting={payment.isPending || freeing} submitLabel={t('orders.pay.submit')}>
        <Text data-testid="pay-total">
          {t('orders.pay.total', { n: lines.length, amount: formatPrice(totalOf(lines), locale) })}
        </Text>
        <Radio.Group label={t('orders.pay.method')} value={method} onChange={(v) => setMethod(v as PayMethod)} withAsterisk>
          <Group mt="xs">
            {PAY_METHODS.map((m) => (
              <Radio key={m} value={m} label={t(`orders.pay.${m}`)} />
            ))}
          </Group>
        </Radio.Group>
      </FormDialog>
      <ConfirmDialog
        opened={!!held}
        title={t(askTitle)}
        message={
          <>
            {declined ? t('orders.online.declined') : held?.detail || t('orders.online.held')}
            <br />
            {t('orders.online.ask')}
          </>
        }
        confirmLabel={t('orders.online.cancel')}
        closeLabel={t('common.back')}
        loading={freeing}
        onClose={() => !freeing && setHeld(null)}
        onConfirm={() => void cancelAndPay()}
      />
    </>
  );
}
