import { api, unwrap } from '@/lib/api-client';
import type { Sit } from './types';

/** POST sit/delete/ {location: [{id}]} : `active_locations` are the places still in use, not removed. */
export function deleteSits(ids: number[]): Promise<{ active_locations: Sit[] }> {
  return unwrap(api.POST('/api/sit/delete/', { body: { location: ids.map((id) => ({ id })) } }));
}
