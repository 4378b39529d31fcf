import type { components } from '@/types/api/identity';

export type Restaurant = components['schemas']['RestaurantPublic'];
export type RestaurantListParams = { search?: string; ordering?: string; page: number; size: number };

/** Query keys of the restaurants feature; mutations invalidate by `all`. */
export const restaurantKeys = {
  all: ['restaurants'] as const,
  list: (params: RestaurantListParams) => [...restaurantKeys.all, 'list', params] as const,
  detail: (id: number) => [...restaurantKeys.all, 'detail', id] as const,
  mine: () => [...restaurantKeys.all, 'mine'] as const,
  schedule: (id: number) => [...restaurantKeys.all, 'schedule', id] as const,
};
