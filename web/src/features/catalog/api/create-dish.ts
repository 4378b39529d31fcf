import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { dishFormData, type DishInput } from './dish-form';
import { useInvalidateDishes } from './keys';
import type { Dish } from './types';

/** POST dish/ multipart. */
export function createDish(input: DishInput): Promise<Dish> {
  const form = dishFormData(input);
  return unwrap(api.POST('/api/dish/', { body: form as never, bodySerializer: () => form }));
}

export function useCreateDish() {
  const invalidate = useInvalidateDishes();
  return useMutation({ mutationFn: createDish, onSuccess: invalidate });
}
