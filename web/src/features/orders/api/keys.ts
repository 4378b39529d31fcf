import type { Status } from './types';

/** The list view's filters: a status, or '0' for all. */
export type LineFilters = { status: Status | '0'; page: number; size: number };

/** Query keys of the orders board: the socket invalidates `ordersKeys.board(restaurant)`; the menus' are `menuKeys` (lib/menus.ts). */
export const ordersKeys = {
  all: ['orders'] as const,
  board: (restaurant: number) => [...ordersKeys.all, restaurant] as const,
  tables: (restaurant: number) => [...ordersKeys.board(restaurant), 'tables'] as const,
  lines: (restaurant: number, f: LineFilters) => [...ordersKeys.board(restaurant), 'lines', f] as const,
  sketchLines: (restaurant: number) => [...ordersKeys.board(restaurant), 'sketch-lines'] as const,
  sits: (restaurant: number) => [...ordersKeys.board(restaurant), 'sits'] as const,
  dishes: (menu: number) => [...ordersKeys.all, 'dishes', menu] as const,
};
