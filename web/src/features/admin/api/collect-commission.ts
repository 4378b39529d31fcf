import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminKeys, type CollectionResult } from './keys';

/** `key`: one Idempotency-Key per collection, so a retry of it is recorded once. */
export type CollectInput = { restaurant: number; credit: number; key: string };

/** POST control-fee/paga-comision/?resto={id} {credit} with an Idempotency-Key → {monto_deuda_total}. */
export function collectCommission({ restaurant, credit, key }: CollectInput): Promise<CollectionResult> {
  return unwrap(
    api.POST('/api/control-fee/paga-comision/', {
      params: { query: { resto: restaurant }, header: { 'idempotency-key': key } },
      body: { credit: credit.toFixed(2) },
    }),
  );
}

export function useCollectCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectCommission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'fees'] }),
  });
}
