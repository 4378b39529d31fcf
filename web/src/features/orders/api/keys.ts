/** Query keys of the orders board: the socket invalidates `ordersKeys.board(restaurant)`. */
export type LineFilters = { status: string; page: number; size: number };

export const ordersKeys = {
  all: ['orders'] as const,
  board: (restaurant: number) => ['orders', restaurant] as const,
  tables: (restaurant: number) => ['orders', restaurant, 'tables'] as const,
  lines: (restaurant: number, f: LineFilters) => ['orders', restaurant, 'lines', f] as const,
  sketchLines: (restaurant: number) => ['orders', restaurant, 'sketch-lines'] as const,
  sits: (restaurant: number) => ['orders', restaurant, 'sits'] as const,
  menus: (restaurant: number) => ['orders-menus', restaurant] as const,
  dishes: (menu: number) => ['orders-dishes', menu] as const,
};
