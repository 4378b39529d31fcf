import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys, type DishFilters } from './keys';
import type { DishPage } from './types';

/** GET dish/ with page, size, search, menu_group__menu, menu_group → {count, results}. */
export async function getDishes(f: DishFilters): Promise<DishPage> {
  const query = {
    page: f.page,
    size: f.size,
    search: f.search || undefined,
    menu_group__menu: f.menu ?? undefined,
    menu_group: f.category ?? undefined,
    menu_group__menu__restaurant: f.restaurant,
  };
  const data = await unwrap(api.GET('/api/dish/', { params: { query } }));
  return Array.isArray(data) ? { count: data.length, results: data } : data;
}

export function useDishes(filters: DishFilters) {
  return useQuery({ queryKey: catalogKeys.dishes(filters), queryFn: () => getDishes(filters), placeholderData: keepPreviousData });
}
