import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersFetch } from './client';
import { ordersKeys } from './keys';
import type { Line, Status } from './types';

/** PUT ordenes/{id}/ {status, version}: the version refuses acting on a stale screen (409). */
export function useChangeStatus(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ line, status }: { line: Line; status: Status }) =>
      ordersFetch<Line>('PUT', `/api/ordenes/${line.id}/`, { status, version: line.version }),
    onSettled: () => qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) }),
  });
}
