import { floorFetch } from './client';
import type { Sit, SitInput } from './types';

/** POST sit/ {location} : new places, all or none; the answer keeps the order (ids matched back by name). */
export function createSits(location: SitInput[]): Promise<Sit[]> {
  return floorFetch<Sit[]>('POST', '/api/sit/', { location });
}

/** PUT sit/update/ {location} : the places' position, size, name, type, menu, details, blocked, admin; all or none. */
export function updateSits(location: (SitInput & { id: number })[]): Promise<Sit[]> {
  return floorFetch<Sit[]>('PUT', '/api/sit/update/', { location });
}

/** POST sit/delete/ {location: [{id}]} : `active_locations` are the places still in use, not removed. */
export function deleteSits(ids: number[]): Promise<{ active_locations: Sit[] }> {
  return floorFetch<{ active_locations?: Sit[] }>('POST', '/api/sit/delete/', { location: ids.map((id) => ({ id })) }).then((d) => ({
    active_locations: d?.active_locations ?? [],
  }));
}

/** POST sit/verificar-sit/ {id} : whether the place has open orders (then it cannot be removed). */
export function placeIsActive(id: number): Promise<boolean> {
  return floorFetch<{ is_active: boolean }>('POST', '/api/sit/verificar-sit/', { id }).then((d) => d.is_active);
}
