import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { useInvalidateDishes } from './keys';

/** DELETE dish-image/{id}/: soft delete (the image leaves the dish and the public menu). */
export function deleteDishImage(id: number): Promise<void> {
  return unwrap(api.DELETE('/api/dish-image/{image_id}/', { params: { path: { image_id: id } } })).then(() => undefined);
}

export function useDeleteDishImage() {
  const onSuccess = useInvalidateDishes();
  return useMutation({ mutationFn: deleteDishImage, onSuccess });
}
