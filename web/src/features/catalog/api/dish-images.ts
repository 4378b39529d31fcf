import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { catalogKeys } from './keys';
import type { DishImage } from './types';

/** POST dish-image/ multipart {dish, image}. */
export function addDishImage(dish: number, image: File): Promise<DishImage> {
  const form = new FormData();
  form.append('dish', String(dish));
  form.append('image', image);
  return unwrap(api.POST('/api/dish-image/', { body: form as never, bodySerializer: () => form }));
}

/** PUT dish-image/{id}/ multipart {image}: replaces the file. */
export function replaceDishImage(id: number, image: File): Promise<DishImage> {
  const form = new FormData();
  form.append('image', image);
  return unwrap(
    api.PUT('/api/dish-image/{image_id}/', { params: { path: { image_id: id } }, body: form as never, bodySerializer: () => form }),
  );
}

/** DELETE dish-image/{id}/: soft delete (the image leaves the dish and the public menu). */
export function deleteDishImage(id: number): Promise<void> {
  return unwrap(api.DELETE('/api/dish-image/{image_id}/', { params: { path: { image_id: id } } })).then(() => undefined);
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: catalogKeys.dishesAll() });
}

export function useAddDishImage() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: ({ dish, image }: { dish: number; image: File }) => addDishImage(dish, image), onSuccess });
}

export function useReplaceDishImage() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: ({ id, image }: { id: number; image: File }) => replaceDishImage(id, image), onSuccess });
}

export function useDeleteDishImage() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteDishImage, onSuccess });
}
