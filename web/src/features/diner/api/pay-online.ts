import { request } from './http';
import { useAction } from './resource';
import type { CheckoutCreated, ShareCreate, TableCheckoutCreate } from './types';

export type PayOnline = { key: string } & ({ body: TableCheckoutCreate; share?: undefined } | { body: ShareCreate; share: number });

/**
 * POST pagar-orden/mercadopago/mesa/ (a new checkout: the whole tab, my lines, or the first share
 * of an equal split) or POST pagar-orden/mercadopago/mesa/{checkout}/parte/ (the next share), with
 * the tap's Idempotency-Key: a retry after a lost answer gets the same checkout, not a second one.
 */
export function payOnline({ key, body, share }: PayOnline): Promise<CheckoutCreated> {
  const path = share == null ? '/api/pagar-orden/mercadopago/mesa/' : `/api/pagar-orden/mercadopago/mesa/${share}/parte/`;
  return request<CheckoutCreated>('POST', path, { body, headers: { 'Idempotency-Key': key } });
}

// payOnline is a module function: the same one on every render
export const usePayOnline = () => useAction(payOnline);
