import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersFetch } from './client';
import { ordersKeys } from './keys';
import type { Line, Menu, MenuDish } from './types';

export type NewLine = { fk_dish: number; quantity: number; extra_commentary: string };

/** POST ordenes/ {fk_resto, ordenes: [...]}: one order for the table, lines start at 1. */
export function useAddOrder(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sit, lines }: { sit: number; lines: NewLine[] }) =>
      ordersFetch<Line[]>('POST', '/api/ordenes/', { fk_resto: restaurant, ordenes: lines.map((l) => ({ ...l, fk_sit: sit, status: '1' })) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) }),
  });
}

/** GET menu/?restaurant= (catalog): the menus a table can order from. */
export const menusQuery = (restaurant: number) =>
  queryOptions({
    queryKey: ordersKeys.menus(restaurant),
    queryFn: () => ordersFetch<Menu[]>('GET', `/api/menu/?restaurant=${restaurant}`),
  });

/** GET dish/?menu_group__menu= (catalog): the menu's dishes, every page. */
export const dishesQuery = (restaurant: number, menu: number) =>
  queryOptions({
    queryKey: ordersKeys.dishes(menu),
    queryFn: () =>
      ordersFetch<MenuDish[] | { results: MenuDish[] }>('GET', `/api/dish/?menu_group__menu=${menu}&menu_group__menu__restaurant=${restaurant}&size=-1`).then(
        (d) => (Array.isArray(d) ? d : d.results),
      ),
  });
