import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeliveryUpdate } from './keys';

/** PUT delivery/{id}/ : type, contact details and address (the dishes stay). */
export function updateDelivery({ id, body }: { id: number; body: DeliveryUpdate }) {
  return unwrap(api.PUT('/api/delivery/{delivery_id}/', { params: { path: { delivery_id: id } }, body }));
}

export function useUpdateDelivery() {
  return useMutation({ mutationFn: updateDelivery });
}
