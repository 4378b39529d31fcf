import { api, ApiError } from '@/lib/api-client';
import { onlinePaymentHolding } from '@/lib/error-body';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import type { components } from '@/types/api/ordering';
import type { Line } from './types';

/** Ordering's answer to a counter payment (`orders_sit_count`: what is left open at the table; 0: the table was reset). */
export type Payment = components['schemas']['PaymentPublic'];

/** The counter's methods as the server takes them (spec part 2 §8: Efectivo, Debito, Credito); the marketplace is never paid here. */
export const PAY_METHODS = ['Efectivo', 'Debito', 'Credito'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** The payment display states (spec part 2 §4 'Payment'): paid, pending payment, payment rejected, otherwise none. */
export type PaymentState = 'paid' | 'pending' | 'rejected' | 'none';
export const paymentState = (line: Pick<Line, 'status_pay'>): PaymentState => line.status_pay ?? 'none';

/** The lines a 'pay all' pays: those the server says the counter may pay now (accepted or delivered, not cash). */
export const payableLines = <L extends Pick<Line, 'can_pay'>>(lines: L[]): L[] => lines.filter((l) => l.can_pay);

/** Why nothing can be charged: 'onlyNew' while new orders wait, which must be accepted first (spec part 2 §4). */
export type NothingToPay = 'none' | 'onlyNew';
export const nothingToPay = (lines: Pick<Line, 'status'>[]): NothingToPay => (lines.some((l) => l.status === '1') ? 'onlyNew' : 'none');

/**
 * The warning of every counter 'pay' that finds nothing to charge, the board's and the delivery
 * screen's (spec part 2 §5: 'no orders to pay', with a note when only new orders exist).
 */
export function useNothingToPay() {
  const t = useT();
  return (why: NothingToPay) => notify('warning', t(why === 'onlyNew' ? 'orders.pay.nothingOnlyNew' : 'orders.pay.nothing'), { autoClose: DURATION.default });
}

/** What one submission is: its lines (in any order) and its method. A retry of it keeps its Idempotency-Key; another is another key. */
export const submissionOf = (lines: number[], method: PayMethod): string => `${[...lines].sort((a, b) => a - b).join(',')}:${method}`;

/** 208: a line was already final (paid or rejected); nothing was charged, and the screen restores what the line shows. */
export class LineFinal extends ApiError {}

/**
 * A refusal because an online payment holds the lines (spec part 2 §8): the pay dialog asks
 * whether to cancel that payment and charge here, so it is not a plain error notification.
 */
export const heldOnline = (error: unknown) => (error instanceof ApiError ? onlinePaymentHolding(error.body) : null);

/** `all`: a table's 'pay all', sent as the bulk payment even when one line is left to pay. */
export type PayInput = { lines: number[]; method: PayMethod; key: string; all?: boolean };

/**
 * One line: POST pagar-orden/{id}/recibir-pago/ {pk_order, type_pay}; a table's 'pay all':
 * POST pagar-orden/recibir-varios-pagos/ {payment_orders, type_pay}. Each with the submission's
 * Idempotency-Key. A 208 is a success status to fetch, so it is turned into `LineFinal` here.
 */
export async function pay({ lines, method, key, all = false }: PayInput): Promise<Payment> {
  const header = { 'idempotency-key': key };
  const { data, error, response } =
    lines.length === 1 && !all
      ? await api.POST('/api/pagar-orden/{line_id}/recibir-pago/', {
          params: { path: { line_id: lines[0] }, header },
          body: { pk_order: lines[0], type_pay: method },
        })
      : await api.POST('/api/pagar-orden/recibir-varios-pagos/', { params: { header }, body: { payment_orders: lines, type_pay: method } });
  if (response.status === 208) throw new LineFinal(208, data ?? error ?? null);
  if (!response.ok) throw new ApiError(response.status, error ?? null);
  return data as Payment;
}
