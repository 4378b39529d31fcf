import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { toFormData, type FormValue } from '@/lib/form-data';
import { restaurantKeys, type Restaurant } from './keys';

/** Only the fields sent change: `fk_user.first_name`, flags as 'true'/'false', logo only when chosen. */
export type RestaurantUpdateInput = { id: number; values: Record<string, FormValue> };

/** PUT restaurant-atributes/{id}/ multipart. */
export function updateRestaurant({ id, values }: RestaurantUpdateInput): Promise<Restaurant> {
  return unwrap(
    api.PUT('/api/restaurant-atributes/{restaurant_id}/', {
      params: { path: { restaurant_id: id } },
      body: toFormData(values) as unknown as Record<string, never>,
    }),
  );
}

export function useUpdateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRestaurant,
    onSuccess: (restaurant) => {
      queryClient.setQueryData(restaurantKeys.detail(restaurant.id_resto), restaurant);
      return queryClient.invalidateQueries({ queryKey: restaurantKeys.all });
    },
  });
}
