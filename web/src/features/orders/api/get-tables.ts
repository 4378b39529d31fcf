import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ordersKeys } from './keys';
import type { BoardTable } from './types';

/** GET ordenes/mesas/?fk_resto= : every place with its display status, counts, late flag and bulk buttons. */
export function getTables(restaurant: number): Promise<BoardTable[]> {
  return unwrap(api.GET('/api/ordenes/mesas/', { params: { query: { fk_resto: restaurant } } }));
}

/** Kept current by the live messages (`../live.ts`), so never stale by age. */
export const tablesQuery = (restaurant: number) =>
  queryOptions({ queryKey: ordersKeys.tables(restaurant), queryFn: () => getTables(restaurant), staleTime: Infinity });
