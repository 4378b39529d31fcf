import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorFetch } from './client';
import { floorKeys } from './keys';
import type { Sit } from './types';

/** GET sit/?fk_resto=&update=1 : every place of the restaurant, as the editor draws them. */
export function getSits(restaurant: number): Promise<Sit[]> {
  return floorFetch<Sit[] | { results: Sit[] }>('GET', `/api/sit/?fk_resto=${restaurant}&update=1`).then((d) => (Array.isArray(d) ? d : d.results));
}

export const sitsQuery = (restaurant: number) => queryOptions({ queryKey: floorKeys.sits(restaurant), queryFn: () => getSits(restaurant) });

export function useSits(restaurant: number) {
  return useQuery(sitsQuery(restaurant));
}
