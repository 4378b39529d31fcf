import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminKeys, tableQuery, type FeeRow, type FeeTableParams, type Page } from './keys';

/** GET obtener-balance/resto-fee/?search&ordering&page&size&date_start&date_end (20 a page; -1 every row). */
export async function getRestaurantFees(p: FeeTableParams): Promise<Page<FeeRow>> {
  const data = await unwrap(
    api.GET('/api/obtener-balance/resto-fee/', { params: { query: { ...tableQuery(p), date_start: p.start, date_end: p.end } } }),
  );
  // `paginate=0` answers a plain list; this screen always pages, but the type allows both
  return Array.isArray(data) ? { count: data.length, results: data } : data;
}

export const restaurantFeesQuery = (p: FeeTableParams) =>
  queryOptions({ queryKey: adminKeys.fees(p), queryFn: () => getRestaurantFees(p), placeholderData: keepPreviousData });

export const useRestaurantFees = (p: FeeTableParams) => useQuery(restaurantFeesQuery(p));
