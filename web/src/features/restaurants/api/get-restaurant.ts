import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { restaurantKeys, type Restaurant } from './keys';

/** GET restaurant-atributes/{id}/. */
export function getRestaurant(id: number): Promise<Restaurant> {
  return unwrap(api.GET('/api/restaurant-atributes/{restaurant_id}/', { params: { path: { restaurant_id: id } } }));
}

export const restaurantQuery = (id: number) => queryOptions({ queryKey: restaurantKeys.detail(id), queryFn: () => getRestaurant(id) });

export const useRestaurant = (id: number | null | undefined) => useQuery({ ...restaurantQuery(id ?? 0), enabled: !!id });
