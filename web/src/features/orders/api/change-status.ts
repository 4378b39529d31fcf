import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { answered, refreshTab } from '../live';
import type { AnsweredLine, Line, Status } from './types';

/** PUT ordenes/{id}/ {status, version}: the version refuses acting on a stale screen (409). */
export function changeStatus({ line, status }: { line: Line; status: Status }): Promise<AnsweredLine> {
  return unwrap(api.PUT('/api/ordenes/{line_id}/', { params: { path: { line_id: line.id } }, body: { status, version: line.version } }));
}

/** The answer is the line as it now is: what shows it is read again unless it already shows it (its echo then costs nothing). */
export function useChangeStatus(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: (line) => refreshTab(qc, restaurant, answered(line.fk_sit, [line])),
    // refused (changed meanwhile, an illegal move): the screen reads what is there now
    onError: (_error, { line }) => refreshTab(qc, restaurant, { place: line.fk_sit, lines: [] }),
  });
}
