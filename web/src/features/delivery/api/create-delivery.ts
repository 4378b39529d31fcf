import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { DeliveryCreate } from './keys';

/**
 * POST delivery/ with the staff token: a phone order (the contact rules are the server's, its
 * refusals come by field). The Idempotency-Key is kept by the dialog per order, so a retry after a
 * lost answer records it once.
 */
export async function createDelivery({ body, key }: { body: DeliveryCreate; key: string }) {
  return unwrap(api.POST('/api/delivery/', { body, params: { header: { 'idempotency-key': key } } }));
}

export function useCreateDelivery() {
  return useMutation({ mutationFn: createDelivery });
}
