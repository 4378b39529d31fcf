import type { Status } from './types';

/** The list view's filters: a status, or '0' for all. */
export type LineFilters = { status: Status | '0'; page: number; size: number };

/**
 * Query keys of the orders board, one per resource a live message can name (see `../live.ts`): the
 * tables (`tables`), one place's tab (`table`), a page of the list view (`lines`). The places and
 * their waiter calls are `placesKeys` (lib/places.ts), the menus `menuKeys` (lib/menus.ts).
 */
export const ordersKeys = {
  all: ['orders'] as const,
  /** Everything of the board: read again after the socket reconnects. */
  board: (restaurant: number) => [...ordersKeys.all, restaurant] as const,
  tables: (restaurant: number) => [...ordersKeys.board(restaurant), 'tables'] as const,
  table: (restaurant: number, place: number) => [...ordersKeys.board(restaurant), 'table', place] as const,
  linesAll: (restaurant: number) => [...ordersKeys.board(restaurant), 'lines'] as const,
  lines: (restaurant: number, f: LineFilters) => [...ordersKeys.linesAll(restaurant), f] as const,
  dishes: (menu: number) => [...ordersKeys.all, 'dishes', menu] as const,
};
