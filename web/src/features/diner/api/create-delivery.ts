import { publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { useSend } from './query';
import type { DeliveryCreate, DeliveryCreated } from './types';

/**
 * POST delivery/ anonymously with an Idempotency-Key: the WhatsApp order from the menu link is
 * also recorded in ordering (status 1, the message's number) so staff see it on /delivery.
 */
export function createDelivery({ key, body }: { key: string; body: DeliveryCreate }): Promise<DeliveryCreated> {
  return unwrap(publicApi.POST('/api/delivery/', { params: { header: { 'idempotency-key': key } }, body }));
}

export const useCreateDelivery = () => useSend(dinerKeys.send('delivery'), createDelivery);
