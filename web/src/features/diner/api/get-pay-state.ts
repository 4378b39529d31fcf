import { request } from './http';
import { dinerKeys } from './keys';
import { useResource } from './resource';
import type { TablePayState } from './types';

/**
 * GET pagar-orden/mercadopago/mesa/?t= (billing, anonymous): whether the restaurant takes online
 * payments and tips, and the table's open checkouts (an equal split and its shares paid).
 */
export function getPayState(token: string): Promise<TablePayState> {
  return request<TablePayState>('GET', `/api/pagar-orden/mercadopago/mesa/?t=${encodeURIComponent(token)}`);
}

export function usePayState(token: string) {
  return useResource(dinerKeys.payState(token), () => getPayState(token));
}
