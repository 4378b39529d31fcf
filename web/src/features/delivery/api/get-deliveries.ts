import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { type DeliveryFilters, type DeliveryPage, deliveryKeys } from './keys';

/** Delivery list page size (spec part 2 §9: 10 by default), and the other sizes offered. */
export const DELIVERY_PAGE_SIZE = 10;
export const DELIVERY_PAGE_SIZES = [10, 20, 40] as const;

/** GET delivery/?fk_resto=&status_delivery=&page=&size= : newest first, filtered and paged by the stored status. */
export async function getDeliveries(restaurant: number, { status, page, size }: DeliveryFilters): Promise<DeliveryPage> {
  const query = { fk_resto: restaurant, page, size, status_delivery: status === '0' ? undefined : status };
  const data = await unwrap(api.GET('/api/delivery/', { params: { query } }));
  return Array.isArray(data) ? { count: data.length, results: data } : data;
}

/**
 * Never stale by age: the staff socket's messages say when a page changed (../live.ts), and a
 * reconnection reads it again. No polling.
 */
export const deliveriesQuery = (restaurant: number, filters: DeliveryFilters) =>
  queryOptions({
    queryKey: deliveryKeys.list(restaurant, filters),
    queryFn: () => getDeliveries(restaurant, filters),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

export function useDeliveries(restaurant: number, filters: DeliveryFilters) {
  return useQuery(deliveriesQuery(restaurant, filters));
}
