import { publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { refresh, useSend } from './query';
import type { DinerOrderCreate, DinerOrderPublic } from './types';

/**
 * POST ordenes/lugar/{token}/ with an Idempotency-Key: the same key again answers the order it
 * placed, so a double tap (or a retry after a lost answer) places one order.
 */
export function placeDinerOrder(token: string, key: string, body: DinerOrderCreate): Promise<DinerOrderPublic> {
  return unwrap(
    publicApi.POST('/api/ordenes/lugar/{token}/', { params: { path: { token }, header: { 'idempotency-key': key } }, body }),
  ) as Promise<DinerOrderPublic>;
}

export function usePlaceDinerOrder(token: string) {
  return useSend(dinerKeys.send('order', token), async ({ key, body }: { key: string; body: DinerOrderCreate }) => {
    const answer = await placeDinerOrder(token, key, body);
    void refresh(dinerKeys.tab(token));
    return answer;
  });
}
