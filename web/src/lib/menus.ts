import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/types/api/catalog';
import { api, unwrap } from './api-client';

export type Menu = components['schemas']['MenuPublic'];

/**
 * The restaurant's menus are one resource that three features show (the catalog's screens, the
 * floor sketch, the board's add-order dialog): one key, so they are fetched and cached once and a
 * catalog change reaches all of them.
 */
export const menuKeys = {
  all: ['menus'] as const,
  list: (restaurant: number) => [...menuKeys.all, restaurant] as const,
};

/** GET menu/?restaurant= (catalog). */
export function getMenus(restaurant: number): Promise<Menu[]> {
  return unwrap(api.GET('/api/menu/', { params: { query: { restaurant } } }));
}

export const menusQuery = (restaurant: number) => queryOptions({ queryKey: menuKeys.list(restaurant), queryFn: () => getMenus(restaurant) });

export const useMenus = (restaurant: number) => useQuery(menusQuery(restaurant));
