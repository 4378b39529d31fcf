import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { type MenuCategory, type MenuDish, deliveryKeys } from './keys';

/**
 * The new order's dishes: GET dish/?menu_group__menu__restaurant=&delivery=true&paginate=0
 * (catalog: the enabled dishes of the restaurant's delivery menu, what ordering takes).
 */
export async function getDeliveryDishes(restaurant: number): Promise<MenuDish[]> {
  const data = await unwrap(
    api.GET('/api/dish/', { params: { query: { menu_group__menu__restaurant: restaurant, delivery: true, paginate: false } } }),
  );
  return Array.isArray(data) ? data : data.results;
}

/** Its categories: GET menu-group/?rest=&delivery=true&paginate=0, to group the dishes as the menu does. */
export async function getDeliveryCategories(restaurant: number): Promise<MenuCategory[]> {
  const data = await unwrap(api.GET('/api/menu-group/', { params: { query: { rest: restaurant, delivery: true, paginate: false } } }));
  return Array.isArray(data) ? data : data.results;
}

export const deliveryDishesQuery = (restaurant: number) =>
  queryOptions({ queryKey: deliveryKeys.dishes(restaurant), queryFn: () => getDeliveryDishes(restaurant) });

export const deliveryCategoriesQuery = (restaurant: number) =>
  queryOptions({ queryKey: deliveryKeys.categories(restaurant), queryFn: () => getDeliveryCategories(restaurant) });
