import { api, unwrap } from '@/lib/api-client';
import type { Sit, SitInput } from './types';

/** PUT sit/update/ {location} : the places' position, size, name, type, menu, details, blocked, admin; all or none. */
export function updateSits(location: (SitInput & { id: number })[]): Promise<Sit[]> {
  return unwrap(api.PUT('/api/sit/update/', { body: { location } }));
}
