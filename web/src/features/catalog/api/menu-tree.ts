import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { menuKeys } from '@/lib/menus';
import { catalogKeys } from './keys';
import type { MenuTree, NestedMenu } from './types';

/** GET nestable-menu/?menu_id= : the menu with its whole tree. */
export function getMenuTree(menuId: number): Promise<MenuTree> {
  return unwrap(api.GET('/api/nestable-menu/', { params: { query: { menu_id: menuId } } }));
}

export function useMenuTree(menuId: number | null) {
  return useQuery({
    queryKey: catalogKeys.tree(menuId ?? 0),
    queryFn: () => getMenuTree(menuId as number),
    enabled: menuId != null,
  });
}

/**
 * POST (create, no pk) or PUT (update, with pk) create-nestable-menu/ {menus: [menu]}:
 * the menu and its whole tree, all or nothing; the answer is the saved tree.
 */
export async function saveMenuTree(menu: NestedMenu): Promise<MenuTree> {
  const body = { menus: [menu] };
  const saved =
    menu.pk == null
      ? await unwrap(api.POST('/api/create-nestable-menu/', { body }))
      : await unwrap(api.PUT('/api/create-nestable-menu/', { body }));
  return saved.menus[0];
}

export function useSaveMenuTree() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveMenuTree,
    onSuccess: (tree) => {
      qc.setQueryData(catalogKeys.tree(tree.menu.id), tree);
      void qc.invalidateQueries({ queryKey: menuKeys.all });
      void qc.invalidateQueries({ queryKey: catalogKeys.categoriesAll() });
      void qc.invalidateQueries({ queryKey: catalogKeys.dishesAll() });
    },
  });
}
