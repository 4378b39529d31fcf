import { api, unwrap } from '@/lib/api-client';
import type { Sit, SitInput } from './types';

/** POST sit/ {location} : new places, all or none; the answer keeps the order (ids matched back by name). */
export function createSits(location: SitInput[]): Promise<Sit[]> {
  return unwrap(api.POST('/api/sit/', { body: { location } }));
}
