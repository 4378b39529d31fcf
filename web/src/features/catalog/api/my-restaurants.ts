import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ResponseBody } from '@/lib/api-types';
import { catalogKeys } from './keys';

export type MyRestaurant = ResponseBody<'/api/restaurant/', 'get'>[number];

/** GET restaurant/: the restaurants the caller works on (an owner's, or an operator's one). */
export function getMyRestaurants(): Promise<MyRestaurant[]> {
  return unwrap(api.GET('/api/restaurant/'));
}

export function useMyRestaurants() {
  return useQuery({ queryKey: catalogKeys.restaurants(), queryFn: getMyRestaurants, staleTime: 60_000 });
}
