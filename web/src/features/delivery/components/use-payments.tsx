import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNothingToPay } from '@/features/orders/api/pay';
import { PayDialog } from '@/features/orders/components/pay-dialog';
import { useShowServerErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION } from '@/lib/notify';
import type { Delivery, DeliveryFilters } from '../api/keys';
import { getDeliveryLines, payAllOf, payableOf, useDeliveryPay, type PayableLine } from '../api/pay';
import { deliveryNumber } from './format';

type Paying = { title: string; lines: Pick<PayableLine, 'id' | 'price' | 'quantity' | 'status_pay'>[] };

/**
 * The delivery screen's counter payments (spec part 2 §2 'Delivery and takeaway screen': payment
 * of one order, pay-all; §5): a row's 'pay' charges that order's payable lines; 'pay all' reads
 * every line under the status filter shown and charges those the server says are payable, or
 * warns 'no orders to pay' (with a note when only new orders wait), as the board's 'Cobrar mesa'
 * does. Both open the board's pay dialog (the method, the total) and pay through the bulk call with
 * the delivery lines.
 */
export function useDeliveryPayments(restaurant: number): {
  pay: (d: Delivery) => void;
  payAll: (filters: DeliveryFilters) => void;
  reading: boolean;
  dialog: ReactNode;
} {
  const t = useT();
  const qc = useQueryClient();
  const payment = useDeliveryPay(restaurant);
  const [paying, setPaying] = useState<Paying | null>(null);
  const [reading, setReading] = useState(false);
  const showErrors = useShowServerErrors({ title: 'delivery.pay.error', autoClose: DURATION.default });
  const nothing = useNothingToPay();

  const pay = (d: Delivery) => {
    const lines = payableOf(d);
    if (!lines.length) return nothing('none');
    setPaying({ title: t('delivery.pay.of', { number: deliveryNumber(d) }), lines });
  };
  const payAll = (filters: DeliveryFilters) => {
    if (reading) return;
    setReading(true);
    // the lines as the server has them now, not the page's 10 rows: every order under the filter
    qc.fetchQuery({ queryKey: ['delivery', restaurant, 'pay-all', filters.status], queryFn: () => getDeliveryLines(restaurant, filters.status), staleTime: 0 })
      .then((lines) => {
        const found = payAllOf(lines);
        if ('nothing' in found) {
          nothing(found.nothing);
        } else {
          const orders = new Set(found.lines.map((l) => l.fk_delivery)).size;
          setPaying({ title: t('delivery.pay.allTitle', { count: orders }), lines: found.lines });
        }
      })
      .catch(showErrors)
      .finally(() => setReading(false));
  };

  // a refusal for an online payment under way opens the rejection dialog (spec part 2 §8)
  const dialog = paying && (
    <PayDialog lines={paying.lines} title={paying.title} restaurant={restaurant} place={null} all payment={payment} heldAs="rejection" onClose={() => setPaying(null)} />
  );
  return { pay, payAll, reading, dialog };
}
