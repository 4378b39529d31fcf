import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { toFormData, type FormValue } from '@/lib/form-data';
import { restaurantKeys, type Restaurant } from './keys';

export type RestaurantCreateInput = {
  nombre_local: string;
  telefono: string;
  direccion: string;
  logo: File;
} & Record<string, FormValue>;

/** POST restaurant-atributes/ multipart (logo required). */
export function createRestaurant(input: RestaurantCreateInput): Promise<Restaurant> {
  return unwrap(
    api.POST('/api/restaurant-atributes/', { body: toFormData(input) as unknown as Record<string, never> }),
  ) as Promise<Restaurant>;
}

export function useCreateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantKeys.all }),
  });
}
