import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useInvalidateCategories } from './change-category';

export type NewCategory = { menu: number; name: string; sub_category: number | null; order: number };

/** POST menu-group/ (201 'registered'). */
export function createCategory(input: NewCategory) {
  return unwrap(api.POST('/api/menu-group/', { body: input }));
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({ mutationFn: createCategory, onSuccess: invalidate });
}
