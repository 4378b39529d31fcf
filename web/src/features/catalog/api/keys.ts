import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the catalog feature (hierarchical: mutations invalidate by prefix); the menus' are `menuKeys` (lib/menus.ts). */
export type DishFilters = {
  restaurant: number;
  menu: number | null;
  category: number | null;
  search: string;
  page: number;
  size: number;
};

export const catalogKeys = {
  all: ['catalog'] as const,
  tree: (menuId: number) => ['catalog', 'menu-tree', menuId] as const,
  treesAll: () => ['catalog', 'menu-tree'] as const,
  categories: (menuId: number) => ['catalog', 'categories', menuId] as const,
  categoriesAll: () => ['catalog', 'categories'] as const,
  dishes: (filters: DishFilters) => ['catalog', 'dishes', 'list', filters] as const,
  dishesAll: () => ['catalog', 'dishes'] as const,
  qr: (menuId: number) => ['catalog', 'qr', menuId] as const,
};

/** Every dish change shows in the list, the editor's tree and the categories' contents. */
export function useInvalidateDishes() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: catalogKeys.dishesAll() }),
      qc.invalidateQueries({ queryKey: catalogKeys.treesAll() }),
    ]);
}
