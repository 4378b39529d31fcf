import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlaces } from '@/lib/places';
import { floorKeys } from './keys';

/** GET sit/?fk_resto=&update=true : every place of the restaurant, as the editor draws them. */
export const getSits = (restaurant: number) => getPlaces(restaurant, true);

export const sitsQuery = (restaurant: number) => queryOptions({ queryKey: floorKeys.sits(restaurant), queryFn: () => getSits(restaurant) });

export function useSits(restaurant: number) {
  return useQuery(sitsQuery(restaurant));
}
