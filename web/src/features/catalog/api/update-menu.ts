import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { menuKeys } from '@/lib/menus';
import type { Menu } from './types';

/** PUT menu/{id}/?restaurant= (the Delivery / Take Away switch sends `delivery`). */
export function updateMenu(menu: Menu, changes: { name?: string; delivery?: boolean }): Promise<Menu> {
  return unwrap(
    api.PUT('/api/menu/{menu_id}/', {
      params: { path: { menu_id: menu.id }, query: { restaurant: menu.restaurant } },
      body: { ...changes, restaurant: menu.restaurant },
    }),
  );
}

export function useUpdateMenu() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ menu, changes }: { menu: Menu; changes: { name?: string; delivery?: boolean } }) => updateMenu(menu, changes),
    // one delivery menu per restaurant: the server may have switched another one off
    onSuccess: () => qc.invalidateQueries({ queryKey: menuKeys.all }),
  });
}
