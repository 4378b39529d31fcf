import type { BoardTable, Status } from './api/types';
import { displayStatus } from './status';

type Change = { status: string; from_status?: string | null };
type Msg = { type: string; fk_sit: number | null; data: Record<string, unknown> };

/**
 * The board's tables moved by a socket message's facts, so the other tablet shows it at once;
 * the refetch that follows brings the server's word (late flag, anything not in the message).
 * Returns null when the message does not say enough (the refetch alone then updates the board).
 */
export function patchTables(tables: BoardTable[], m: Msg): BoardTable[] | null {
  if (m.fk_sit === null) return null;
  const at = tables.findIndex((t) => t.fk_sit === m.fk_sit);
  if (at < 0) return null;
  const counts: Partial<Record<Status, number>> = { ...tables[at].counts };
  const bump = (s: string | null | undefined, d: number) => {
    if (!s) return;
    const n = (counts[s as Status] ?? 0) + d;
    if (n > 0) counts[s as Status] = n;
    else delete counts[s as Status];
  };
  if (m.type === 'new_order' || m.type === 'new_delivery') {
    for (const l of (m.data.lines as Change[] | undefined) ?? []) bump(l.status, 1);
  } else if (m.type === 'order_status') {
    for (const c of (m.data.changes as Change[] | undefined) ?? []) {
      bump(c.from_status, -1);
      bump(c.status, 1);
    }
  } else if (m.type === 'table_freed') {
    for (const k of Object.keys(counts)) delete counts[k as Status];
  } else {
    return null;
  }
  const statuses = (Object.keys(counts) as Status[]).filter((s) => (counts[s] ?? 0) > 0);
  const next = [...tables];
  next[at] = { ...tables[at], counts, status: displayStatus(statuses) };
  return next;
}
