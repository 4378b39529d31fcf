import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { deliveryKeys, type OnlineCheckout } from './keys';

export type CreateCheckout = { restaurant: number; delivery: number; key: string };
/**
 * What the tablet keeps of the link it made: billing's answer, `fresh` for its first minute (until
 * ordering, which hears of the checkout by an event, shows the order's lines held by it).
 */
export type MadeLink = { checkout: OnlineCheckout; fresh: boolean };
const FRESH_MS = 60_000;

/**
 * POST pagar-orden/mercadopago/delivery/ {fk_delivery} (billing, staff) with the tap's
 * Idempotency-Key: a checkout of the order's payable lines; `init_point` is the link to copy or
 * send by WhatsApp. Billing has no call that lists an order's links, so the answer is kept under
 * the order's key for as long as the tab lives: reopening the order shows its link again.
 */
export function createCheckout({ delivery, key }: CreateCheckout): Promise<OnlineCheckout> {
  return unwrap(api.POST('/api/pagar-orden/mercadopago/delivery/', { params: { header: { 'idempotency-key': key } }, body: { fk_delivery: delivery } }));
}

export function useCreateCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: (checkout, { restaurant, delivery }) => {
      const key = deliveryKeys.checkout(restaurant, delivery);
      qc.setQueryData<MadeLink>(key, { checkout, fresh: true });
      setTimeout(() => qc.setQueryData<MadeLink>(key, (made) => made && { ...made, fresh: false }), FRESH_MS);
    },
  });
}
