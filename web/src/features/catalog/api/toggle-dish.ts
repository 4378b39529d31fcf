import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useInvalidateDishes } from './keys';
import type { Dish } from './types';

/** POST dish/{pk}/habilitar-inhabilitar/ ('dish is active in an order' when it cannot be disabled). */
export function toggleDish(id: number): Promise<Dish> {
  return unwrap(api.POST('/api/dish/{dish_id}/habilitar-inhabilitar/', { params: { path: { dish_id: id } } }));
}

export function useToggleDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: toggleDish, onSuccess: invalidate });
}
