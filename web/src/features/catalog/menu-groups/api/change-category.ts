import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys } from '../../api/keys';
import type { Category } from '../../api/types';

/** PUT menu-group/{id}/?rest= : a new name or a new place among its siblings. */
export function changeCategory(restaurant: number, id: number, changes: { name?: string; order?: number }): Promise<Category> {
  return unwrap(
    api.PUT('/api/menu-group/{category_id}/', { params: { path: { category_id: id }, query: { rest: restaurant } }, body: changes }),
  );
}

/** Every category change shows in this list, the menu editor's tree and the dish screens. */
export function useInvalidateCategories() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: catalogKeys.categoriesAll() }),
      qc.invalidateQueries({ queryKey: catalogKeys.treesAll() }),
      qc.invalidateQueries({ queryKey: catalogKeys.dishesAll() }),
    ]);
}

export function useRenameCategory(restaurant: number) {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => changeCategory(restaurant, id, { name }),
    onSuccess: invalidate,
  });
}

/**
 * A reorder sends the new `order` of each sibling whose place changed (one PUT each: the API has
 * no batch call); the list is refetched whatever happens, so a half-applied reorder shows as it is.
 */
export function useReorderCategories(restaurant: number) {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: async (moves: { id: number; order: number }[]) => {
      for (const m of moves) await changeCategory(restaurant, m.id, { order: m.order });
    },
    onSettled: invalidate,
  });
}
