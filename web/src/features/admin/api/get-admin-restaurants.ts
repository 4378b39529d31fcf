import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminKeys, tableQuery, type AdminRestaurantRow, type Page, type TableParams } from './keys';

/** GET admin/restaurantes/?search&ordering&page&size. */
export function getAdminRestaurants(p: TableParams): Promise<Page<AdminRestaurantRow>> {
  return unwrap(api.GET('/api/admin/restaurantes/', { params: { query: tableQuery(p) } }));
}

export const useAdminRestaurants = (p: TableParams) =>
  useQuery({ queryKey: adminKeys.restaurants(p), queryFn: () => getAdminRestaurants(p), placeholderData: keepPreviousData });
