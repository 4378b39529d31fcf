import type { components } from '@/types/api/floor';
import { api, unwrap } from './api-client';

export type Place = components['schemas']['SitPublic'];

/**
 * GET sit/?fk_resto= (floor): the restaurant's places as the sketch draws them, with their pending
 * waiter call. Shared by the floor screens and the board; `update` is what the editor sends when
 * it loads to edit (the same list).
 */
export function getPlaces(restaurant: number, update = false): Promise<Place[]> {
  return unwrap(api.GET('/api/sit/', { params: { query: { fk_resto: restaurant, ...(update ? { update } : {}) } } }));
}
