import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { floorKeys } from './keys';
import type { Menu } from './types';

/** GET menu/?restaurant= (catalog): the menus a place can open. */
export function getMenus(restaurant: number): Promise<Menu[]> {
  return unwrap(api.GET('/api/menu/', { params: { query: { restaurant } } }));
}

export const menusQuery = (restaurant: number) => queryOptions({ queryKey: floorKeys.menus(restaurant), queryFn: () => getMenus(restaurant) });

export function useMenus(restaurant: number) {
  return useQuery(menusQuery(restaurant));
}
