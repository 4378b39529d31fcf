import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { RequestBody, ResponseBody } from '@/lib/api-types';

export type RestaurantRegister = RequestBody<'/api/restaurant/', 'post'>;
export type RestaurantRegisterResult = ResponseBody<'/api/restaurant/', 'post'>;

/** POST restaurant/ {nombre_local, telefono, fk_user: {email, password, password2}, acepta_terminos}. */
export function registerRestaurant(body: RestaurantRegister): Promise<RestaurantRegisterResult> {
  return unwrap(api.POST('/api/restaurant/', { body }));
}

export function useRegisterRestaurant() {
  return useMutation({ mutationFn: registerRestaurant });
}
