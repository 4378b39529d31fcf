import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys } from './keys';
import type { Menu } from './types';

/** GET menu/?restaurant= : the restaurant's menus. */
export function getMenus(restaurant: number): Promise<Menu[]> {
  return unwrap(api.GET('/api/menu/', { params: { query: { restaurant } } }));
}

export function useMenus(restaurant: number) {
  return useQuery({ queryKey: catalogKeys.menus(restaurant), queryFn: () => getMenus(restaurant) });
}
