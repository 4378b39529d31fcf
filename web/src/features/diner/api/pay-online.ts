import { publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { useSend } from './query';
import type { CheckoutCreated, ShareCreate, TableCheckoutCreate } from './types';

export type PayOnline = { key: string } & ({ body: TableCheckoutCreate; share?: undefined } | { body: ShareCreate; share: number });

/**
 * POST pagar-orden/mercadopago/mesa/ (a new checkout: the whole tab, my lines, or the first share
 * of an equal split) or POST pagar-orden/mercadopago/mesa/{checkout}/parte/ (the next share), with
 * the tap's Idempotency-Key: a retry after a lost answer gets the same checkout, not a second one.
 */
export function payOnline({ key, body, share }: PayOnline): Promise<CheckoutCreated> {
  const header = { 'idempotency-key': key };
  return unwrap(
    share == null
      ? publicApi.POST('/api/pagar-orden/mercadopago/mesa/', { params: { header }, body: body as TableCheckoutCreate })
      : publicApi.POST('/api/pagar-orden/mercadopago/mesa/{checkout_id}/parte/', { params: { header, path: { checkout_id: share } }, body }),
  );
}

export const usePayOnline = () => useSend(dinerKeys.send('pay'), payOnline);
