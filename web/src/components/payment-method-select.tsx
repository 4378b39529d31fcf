import { NativeSelect } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';

/**
 * The money screens' payment-method filter (spec part 2 §9: all, cash, debit, credit,
 * marketplace), each value as billing's `payment_type` takes it.
 */
export const PAYMENT_METHODS = ['all', 'Efectivo', 'Debito', 'Credito', 'MercadoPago'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The `payment_type` to send: 'all' sends no filter (spec part 2 §7 'Statistics'). */
export const paymentTypeParam = (method: PaymentMethod): string | undefined => (method === 'all' ? undefined : method);

type Props = {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** Shown but fixed (an operator's balance is cash only). */
  disabled?: boolean;
};

export function PaymentMethodSelect({ value, onChange, disabled }: Props) {
  const t = useT();
  return (
    <NativeSelect
      label={t('paymentMethod.label')}
      w={200}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value as PaymentMethod)}
      data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`paymentMethod.${m}`) }))}
    />
  );
}
