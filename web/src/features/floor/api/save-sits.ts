import { floorFetch } from './client';
import type { Sit, SitInput } from './types';

/** POST sit/ {location} : new places; the answer's ids are matched back by name. */
export function createSits(location: SitInput[]): Promise<Sit[]> {
  return floorFetch<Sit[] | { location: Sit[] }>('POST', '/api/sit/', { location }).then((d) => (Array.isArray(d) ? d : d.location));
}

/** PUT sit/update/ : one place's position, size, name, type, menu, details, blocked. */
export function updateSit(sit: SitInput & { id: number }): Promise<Sit> {
  return floorFetch<Sit>('PUT', '/api/sit/update/', sit);
}

/** POST sit/delete/ {location} : `active_locations` are the places still in use, not removed. */
export function deleteSits(location: SitInput[]): Promise<{ active_locations: Sit[] }> {
  return floorFetch<{ active_locations?: Sit[] }>('POST', '/api/sit/delete/', { location }).then((d) => ({ active_locations: d?.active_locations ?? [] }));
}
