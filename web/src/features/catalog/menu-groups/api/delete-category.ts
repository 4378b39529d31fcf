import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useInvalidateCategories } from './change-category';

/** DELETE menu-group/{id}/?rest= : the category with its sub-categories and dishes. */
export function deleteCategory(restaurant: number, id: number): Promise<void> {
  return unwrap(
    api.DELETE('/api/menu-group/{category_id}/', { params: { path: { category_id: id }, query: { rest: restaurant } } }),
  ).then(() => undefined);
}

export function useDeleteCategory(restaurant: number) {
  const invalidate = useInvalidateCategories();
  return useMutation({ mutationFn: (id: number) => deleteCategory(restaurant, id), onSuccess: invalidate });
}
