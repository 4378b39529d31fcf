import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { type DeliveryFilters, type DeliveryPage, deliveryKeys } from './keys';

/** Delivery list page size (spec part 2 §9). */
export const DELIVERY_PAGE_SIZE = 10;

/** GET delivery/?fk_resto=&status_delivery=&page=&size= : newest first, with the derived status. */
export async function getDeliveries({ restaurant, status, page }: DeliveryFilters): Promise<DeliveryPage> {
  const query = { fk_resto: restaurant, page, size: DELIVERY_PAGE_SIZE, status_delivery: status === '0' ? undefined : status };
  const data = await unwrap(api.GET('/api/delivery/', { params: { query } }));
  return Array.isArray(data) ? { count: data.length, results: data } : data;
}

export const deliveriesQuery = (filters: DeliveryFilters) =>
  queryOptions({
    queryKey: deliveryKeys.list(filters),
    queryFn: () => getDeliveries(filters),
    placeholderData: keepPreviousData,
    // new WhatsApp orders arrive without anyone on this screen acting: look again now and then
    refetchInterval: 10_000,
  });

export function useDeliveries(filters: DeliveryFilters) {
  return useQuery(deliveriesQuery(filters));
}
