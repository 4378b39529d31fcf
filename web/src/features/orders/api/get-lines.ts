import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ordersKeys, type LineFilters } from './keys';
import type { LinePage } from './types';

/** GET ordenes/?fk_sit__fk_resto=&status=&page=&size= : the list view (status '0' all, size -1 all). */
export async function getLines(restaurant: number, f: LineFilters): Promise<LinePage> {
  const query = { fk_sit__fk_resto: restaurant, status: f.status, page: f.page, size: f.size };
  const data = await unwrap(api.GET('/api/ordenes/', { params: { query } }));
  return Array.isArray(data) ? { count: data.length, results: data } : data;
}

/** Kept current by the live messages (`../live.ts`), so never stale by age. */
export const linesQuery = (restaurant: number, f: LineFilters) =>
  queryOptions({
    queryKey: ordersKeys.lines(restaurant, f),
    queryFn: () => getLines(restaurant, f),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
