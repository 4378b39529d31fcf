import { api, unwrap } from './api-client';
import { selectedRestaurantStore } from './selected-restaurant';
import type { components } from '@/types/api/identity';

export type MyRestaurant = components['schemas']['RestaurantPublic'];

/** Query key shared with the restaurants feature (it invalidates ['restaurants']). */
export const myRestaurantsKey = ['restaurants', 'mine'] as const;

/** GET restaurant/: the restaurants the caller works on (an owner's; an operator's one). */
export function getMyRestaurants(): Promise<MyRestaurant[]> {
  return unwrap(api.GET('/api/restaurant/', {}));
}

/**
 * An operator works on one restaurant: load it and make it the selected one (at login, and when
 * the session lacks it). Returns false when the operator has no restaurant.
 */
export async function selectOperatorRestaurant(): Promise<boolean> {
  const [restaurant] = await getMyRestaurants();
  if (!restaurant) return false;
  selectedRestaurantStore.select(restaurant);
  return true;
}
