import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { dinerReads } from './query';
import type { TablePayState } from './types';

/**
 * GET pagar-orden/mercadopago/mesa/?t= (billing, anonymous): whether the restaurant takes online
 * payments and tips, and the table's open checkouts (an equal split and its shares paid).
 */
export function getPayState(token: string, signal?: AbortSignal): Promise<TablePayState> {
  return unwrap(publicApi.GET('/api/pagar-orden/mercadopago/mesa/', { params: { query: { t: token } }, signal }));
}

export const payStateQuery = (token: string) =>
  queryOptions({ queryKey: dinerKeys.payState(token), queryFn: ({ signal }) => getPayState(token, signal), ...dinerReads });

export const usePayState = (token: string) => useQuery(payStateQuery(token));
