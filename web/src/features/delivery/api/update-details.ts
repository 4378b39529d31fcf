import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** PUT up-delivery-info/{id}/?fk_resto= {details}: the order's detail text, up to 200 characters. */
export function updateDetails({ restaurant, id, details }: { restaurant: number; id: number; details: string }) {
  return unwrap(
    api.PUT('/api/up-delivery-info/{delivery_id}/', { params: { path: { delivery_id: id }, query: { fk_resto: restaurant } }, body: { details } }),
  );
}

export function useUpdateDetails() {
  return useMutation({ mutationFn: updateDetails });
}
