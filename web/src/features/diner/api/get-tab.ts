import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { dinerReads } from './query';
import type { Tab } from './types';

/** GET ordenes/lugar/{token}/ (ordering, anonymous): every line on the table's tab, who ordered it, the total. */
export function getTab(token: string, signal?: AbortSignal): Promise<Tab> {
  // ordering declares a line's status as any string; it is always one of the seven (types.ts)
  return unwrap(publicApi.GET('/api/ordenes/lugar/{token}/', { params: { path: { token } }, signal })) as Promise<Tab>;
}

export const tabQuery = (token: string) => queryOptions({ queryKey: dinerKeys.tab(token), queryFn: ({ signal }) => getTab(token, signal), ...dinerReads });

export const useTab = (token: string) => useQuery(tabQuery(token));
