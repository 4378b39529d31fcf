import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { answered, refreshTab } from '../live';
import type { AnsweredLine, NewLine } from './types';

/** POST ordenes/ {fk_resto, ordenes: [...]}: one order for the table, lines start at 1. */
export function addOrder(restaurant: number, sit: number, lines: NewLine[]): Promise<AnsweredLine[]> {
  const body = { fk_resto: restaurant, ordenes: lines.map((l) => ({ ...l, fk_sit: sit, status: '1' as const })) };
  return unwrap(api.POST('/api/ordenes/', { body }));
}

export function useAddOrder(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sit, lines }: { sit: number; lines: NewLine[] }) => addOrder(restaurant, sit, lines),
    onSuccess: (created, { sit }) => refreshTab(qc, restaurant, answered(sit, created)),
  });
}
