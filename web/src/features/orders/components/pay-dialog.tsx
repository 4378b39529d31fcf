import { useRef, useState, type FormEvent } from 'react';
import { Radio, Group, Text } from '@mantine/core';
import { FormDialog } from '@/components/form-dialog';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { LineFinal, PAY_METHODS, submissionOf, usePay, type PayMethod } from '../api/pay';
import type { Line } from '../api/types';

type Props = {
  /** The lines this payment charges: one line, or a table's payable lines ('pay all'). */
  lines: Pick<Line, 'id' | 'price' | 'quantity'>[];
  title: string;
  restaurant: number;
  place: number | null;
  /** A table's 'pay all' (the bulk payment call), rather than one line's button. */
  all?: boolean;
  /** Another screen's payment call (the delivery screen's: its own messages and refresh) instead of the board's. */
  payment?: ReturnType<typeof usePay>;
  onClose: () => void;
};

/** The lines' total as the cashier reads it (the server charges its own sum: `money.paid_amount`). */
export function totalOf(lines: Pick<Line, 'price' | 'quantity'>[]): string {
  const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
  return (cents / 100).toFixed(2);
}

/**
 * Paying at the counter (spec part 2 §4 'Payment', §8): the method (Efectivo, Débito, Crédito),
 * then one payment of the lines. Every submission carries one Idempotency-Key: the same lines and
 * method sent again (a retry after a lost answer) keep it, so the payment is recorded once; another
 * method is another key. A 208 (a line already paid or rejected) shows the server's error and
 * closes: the tab is read again and the line shows its real status.
 */
export function PayDialog({ lines, title, restaurant, place, all = false, payment: given, onClose }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const [method, setMethod] = useState<PayMethod>('Efectivo');
  // hooks run unconditionally; an idle mutation costs nothing when another screen brings its own
  const board = usePay(restaurant, place);
  const payment = given ?? board;
  const key = useRef<{ value: string; of: string } | null>(null);
  const close = () => {
    key.current = null;
    onClose();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (payment.isPending || lines.length === 0) return;
    const ids = lines.map((l) => l.id);
    const of = submissionOf(ids, method);
    if (key.current?.of !== of) key.current = { value: newIdempotencyKey(), of };
    payment.mutate(
      { lines: ids, method, key: key.current.value, all },
      // a refused submission other than 208 keeps the dialog (and its key) for a retry
      { onSuccess: close, onError: (error) => error instanceof LineFinal && close() },
    );
  };
  return (
    <FormDialog opened onClose={close} title={title} onSubmit={submit} submitting={payment.isPending} submitLabel={t('orders.pay.submit')}>
      <Text data-testid="pay-total">
        {t('orders.pay.total', { n: lines.length, amount: formatPrice(totalOf(lines), locale) })}
      </Text>
      <Radio.Group label={t('orders.pay.method')} value={method} onChange={(v) => setMethod(v as PayMethod)} withAsterisk>
        <Group mt="xs">
          {PAY_METHODS.map((m) => (
            <Radio key={m} size="md" value={m} label={t(`orders.pay.${m}`)} />
          ))}
        </Group>
      </Radio.Group>
    </FormDialog>
  );
}
