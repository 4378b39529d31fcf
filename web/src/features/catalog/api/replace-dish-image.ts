import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useInvalidateDishes } from './keys';
import type { DishImage } from './types';

/** PUT dish-image/{id}/ multipart {image}: replaces the file. */
export function replaceDishImage(id: number, image: File): Promise<DishImage> {
  const form = new FormData();
  form.append('image', image);
  return unwrap(
    api.PUT('/api/dish-image/{image_id}/', { params: { path: { image_id: id } }, body: form as never, bodySerializer: () => form }),
  );
}

export function useReplaceDishImage() {
  const onSuccess = useInvalidateDishes();
  return useMutation({ mutationFn: ({ id, image }: { id: number; image: File }) => replaceDishImage(id, image), onSuccess });
}
