import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ordersKeys } from './keys';
import type { Line, Status } from './types';

/** PUT ordenes/{id}/ {status, version}: the version refuses acting on a stale screen (409). */
export function changeStatus({ line, status }: { line: Line; status: Status }): Promise<Line> {
  return unwrap(
    api.PUT('/api/ordenes/{line_id}/', { params: { path: { line_id: line.id } }, body: { status, version: line.version } }),
  ) as Promise<Line>;
}

export function useChangeStatus(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSettled: () => qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) }),
  });
}
