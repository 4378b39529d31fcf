import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api/identity';
import { restaurantKeys, type RestaurantListParams } from './keys';

export type RestaurantPage = components['schemas']['RestaurantPage'];

/** GET restaurant-atributes/?search&ordering&paginate&page&size → {count, results}. */
export async function getRestaurants(params: RestaurantListParams): Promise<RestaurantPage> {
  const data = await unwrap(
    api.GET('/api/restaurant-atributes/', {
      params: { query: { search: params.search || undefined, ordering: params.ordering, paginate: true, page: params.page, size: params.size } },
    }),
  );
  return Array.isArray(data) ? { count: data.length, results: data } : data;
}

export const restaurantsQuery = (params: RestaurantListParams) =>
  queryOptions({ queryKey: restaurantKeys.list(params), queryFn: () => getRestaurants(params), placeholderData: keepPreviousData });

export const useRestaurants = (params: RestaurantListParams) => useQuery(restaurantsQuery(params));
