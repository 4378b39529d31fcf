import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { menuKeys } from '@/lib/menus';
import { catalogKeys } from './keys';
import type { Menu } from './types';

/** DELETE menu/{id}/?restaurant= (the delete carries the restaurant). */
export function deleteMenu(menu: Menu): Promise<void> {
  return unwrap(
    api.DELETE('/api/menu/{menu_id}/', { params: { path: { menu_id: menu.id }, query: { restaurant: menu.restaurant } } }),
  ).then(() => undefined);
}

export function useDeleteMenu() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMenu,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: menuKeys.all }), qc.invalidateQueries({ queryKey: catalogKeys.all })]),
  });
}
