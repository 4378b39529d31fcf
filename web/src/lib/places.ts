import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/types/api/floor';
import { api, unwrap } from './api-client';

export type Place = components['schemas']['SitPublic'];

/**
 * The restaurant's places are one resource that the floor screens (sketch editor, QR codes) and
 * the orders board (positions, waiter calls) show: one key, so they are fetched and cached once,
 * and the board's live messages about a call refresh what every screen shows.
 */
export const placesKeys = {
  all: ['places'] as const,
  list: (restaurant: number) => [...placesKeys.all, restaurant] as const,
};

/**
 * GET sit/?fk_resto= (floor): the restaurant's places as the sketch draws them, with their pending
 * waiter call. (Floor also takes `update=1`, which the old editor sent on entering edit mode: the
 * same list, so it is not sent.)
 */
export function getPlaces(restaurant: number): Promise<Place[]> {
  return unwrap(api.GET('/api/sit/', { params: { query: { fk_resto: restaurant } } }));
}

export const placesQuery = (restaurant: number) => queryOptions({ queryKey: placesKeys.list(restaurant), queryFn: () => getPlaces(restaurant) });

export const usePlaces = (restaurant: number) => useQuery(placesQuery(restaurant));
