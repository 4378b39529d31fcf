import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { restaurantKeys } from './keys';

/** DELETE restaurant-atributes/{id}/ (204). */
export function deleteRestaurant(id: number): Promise<void> {
  return unwrap(api.DELETE('/api/restaurant-atributes/{restaurant_id}/', { params: { path: { restaurant_id: id } } })).then(() => undefined);
}

export function useDeleteRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestaurant,
    onSuccess: (_, id) => {
      if (selectedRestaurantStore.get()?.id === id) selectedRestaurantStore.clear();
      queryClient.removeQueries({ queryKey: restaurantKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: restaurantKeys.all });
    },
  });
}
