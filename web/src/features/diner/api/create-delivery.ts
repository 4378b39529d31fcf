import { request } from './http';
import { useAction } from './resource';
import type { DeliveryCreate, DeliveryCreated } from './types';

/**
 * POST delivery/ anonymously with an Idempotency-Key: the WhatsApp order from the menu link is
 * also recorded in ordering (status 1, the message's number) so staff see it on /delivery.
 */
export function createDelivery({ key, body }: { key: string; body: DeliveryCreate }): Promise<DeliveryCreated> {
  return request<DeliveryCreated>('POST', '/api/delivery/', { body, headers: { 'Idempotency-Key': key } });
}

export function useCreateDelivery() {
  return useAction(createDelivery);
}
