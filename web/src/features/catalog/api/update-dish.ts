import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { dishFormData, type DishInput } from './dish-form';
import { useInvalidateDishes } from './keys';
import type { Dish } from './types';

/** PUT dish/{id}/ multipart: the fields sent change; images sent are added. */
export function updateDish(id: number, input: DishInput): Promise<Dish> {
  const form = dishFormData(input);
  return unwrap(
    api.PUT('/api/dish/{dish_id}/', { params: { path: { dish_id: id } }, body: form as never, bodySerializer: () => form }),
  );
}

export function useUpdateDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: ({ id, input }: { id: number; input: DishInput }) => updateDish(id, input), onSuccess: invalidate });
}
