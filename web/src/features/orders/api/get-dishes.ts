import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ordersKeys } from './keys';
import type { MenuDish } from './types';

/** GET dish/?menu_group__menu=&size=-1 (catalog): every dish of the menu a table orders from. */
export async function getMenuDishes(restaurant: number, menu: number): Promise<MenuDish[]> {
  const query = { menu_group__menu: menu, menu_group__menu__restaurant: restaurant, size: -1 };
  const data = await unwrap(api.GET('/api/dish/', { params: { query } }));
  return Array.isArray(data) ? data : data.results;
}

export const dishesQuery = (restaurant: number, menu: number) =>
  queryOptions({ queryKey: ordersKeys.dishes(menu), queryFn: () => getMenuDishes(restaurant, menu) });
