import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useInvalidateDishes } from './keys';
import type { DishImage } from './types';

/** POST dish-image/ multipart {dish, image}. */
export function addDishImage(dish: number, image: File): Promise<DishImage> {
  const form = new FormData();
  form.append('dish', String(dish));
  form.append('image', image);
  return unwrap(api.POST('/api/dish-image/', { body: form as never, bodySerializer: () => form }));
}

export function useAddDishImage() {
  const onSuccess = useInvalidateDishes();
  return useMutation({ mutationFn: ({ dish, image }: { dish: number; image: File }) => addDishImage(dish, image), onSuccess });
}
