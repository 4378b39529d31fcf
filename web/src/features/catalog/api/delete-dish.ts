import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useInvalidateDishes } from './keys';

/** DELETE dish/{id}/ ('category cannot be left empty' when it is the last of its category). */
export function deleteDish(id: number): Promise<void> {
  return unwrap(api.DELETE('/api/dish/{dish_id}/', { params: { path: { dish_id: id } } })).then(() => undefined);
}

export function useDeleteDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: deleteDish, onSuccess: invalidate });
}
