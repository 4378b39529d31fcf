import { api, unwrap } from '@/lib/api-client';
import type { AnsweredLine, Line, Status } from './types';

/** PUT ordenes/{id}/ {status, version}: the version refuses acting on a stale screen (409). */
export function changeStatus({ line, status }: { line: Line; status: Status }): Promise<AnsweredLine> {
  return unwrap(api.PUT('/api/ordenes/{line_id}/', { params: { path: { line_id: line.id } }, body: { status, version: line.version } }));
}
