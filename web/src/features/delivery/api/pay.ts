import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LineFinal, heldOnline, nothingToPay, pay, type NothingToPay } from '@/features/orders/api/pay';
import { api, unwrap } from '@/lib/api-client';
import { flattenErrors, useShowServerErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import type { components } from '@/types/api/ordering';
import { moved } from '../live';
import { type Delivery, type DeliveryStatus, deliveryKeys } from './keys';

/** A delivery line as the delivery lines call answers it: with ordering's `can_pay`. */
export type PayableLine = components['schemas']['DeliveryLinePublic'];

/**
 * A row's 'pay' (spec part 2 §4): offered while the order has a dish accepted or delivered that was
 * not paid in cash, as ordering's `can_pay` reads it (a delivery's lines carry no `can_pay`, as for
 * `canReject`); the server refuses the rest (208 for a line already final).
 */
export const payableOf = (d: Delivery) => d.ordenes.filter((l) => (l.status === '2' || l.status === '4') && !l.cash);

/**
 * 'Pay all' (spec part 2 §5: pay-all filters 0 to 6 except 5): every line of the restaurant's
 * deliveries under the status filter shown, GET delivery/ordenes/?fk_resto=&status_delivery=&paginate=0,
 * with the server's `can_pay`.
 */
export async function getDeliveryLines(restaurant: number, status: DeliveryStatus): Promise<PayableLine[]> {
  const query = { fk_resto: restaurant, status_delivery: status === '0' ? undefined : status, paginate: false };
  const data = await unwrap(api.GET('/api/delivery/ordenes/', { params: { query } }));
  return Array.isArray(data) ? data : data.results;
}

/** What 'pay all' found: the lines to pay, or why there are none ('onlyNew': only new orders wait, to be accepted first). */
export type PayAllFound = { lines: PayableLine[] } | { nothing: NothingToPay };

export function payAllOf(lines: PayableLine[]): PayAllFound {
  const payable = lines.filter((l) => l.can_pay);
  return payable.length ? { lines: payable } : { nothing: nothingToPay(lines) };
}

/**
 * A delivery payment: always the bulk call (POST pagar-orden/recibir-varios-pagos/ with the
 * delivery lines, one Idempotency-Key per submission), one order's or all of them. The answer's
 * `data.orders_delivery_count` is what is still open in the orders paid: 0 says they are settled.
 * The paid lines, as answered, update the rows that show them (their echo then costs nothing); a
 * refusal reads the page again, so every order shows its real status.
 */
export function useDeliveryPay(restaurant: number) {
  const t = useT();
  const qc = useQueryClient();
  const showErrors = useShowServerErrors({ title: 'delivery.pay.error', autoClose: DURATION.default });
  return useMutation({
    mutationFn: pay,
    onSuccess: (answer) => {
      const open = answer.data?.orders_delivery_count ?? 0;
      notify('success', open === 0 ? t('delivery.pay.settled') : t('delivery.pay.open', { count: open }), { title: t('delivery.pay.doneTitle') });
      return moved(qc, restaurant, answer.lines);
    },
    onError: (error) => {
      // 208: nothing was charged; the server's words say which order was final
      if (error instanceof LineFinal) notify('error', flattenErrors(error.body)[0]?.message || t('delivery.pay.final'), { autoClose: DURATION.default });
      // the pay dialog opens the rejection dialog (cancel the online payment, then charge here)
      else if (!heldOnline(error)) showErrors(error);
      return qc.invalidateQueries({ queryKey: deliveryKeys.lists(restaurant) });
    },
  });
}
