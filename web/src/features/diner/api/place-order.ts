import { useCallback } from 'react';
import { request } from './http';
import { dinerKeys } from './keys';
import { invalidate, useAction } from './resource';
import type { DinerOrderCreate, DinerOrderPublic } from './types';

/**
 * POST ordenes/lugar/{token}/ with an Idempotency-Key: the same key again answers the order it
 * placed, so a double tap (or a retry after a lost answer) places one order.
 */
export function placeDinerOrder(token: string, key: string, body: DinerOrderCreate): Promise<DinerOrderPublic> {
  return request<DinerOrderPublic>('POST', `/api/ordenes/lugar/${encodeURIComponent(token)}/`, {
    body,
    headers: { 'Idempotency-Key': key },
  });
}

export function usePlaceDinerOrder(token: string) {
  const run = useCallback(
    async ({ key, body }: { key: string; body: DinerOrderCreate }) => {
      const answer = await placeDinerOrder(token, key, body);
      void invalidate(dinerKeys.tab(token));
      return answer;
    },
    [token],
  );
  return useAction(run);
}
