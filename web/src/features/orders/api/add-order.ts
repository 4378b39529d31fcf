import { api, unwrap } from '@/lib/api-client';
import type { AnsweredLine, NewLine } from './types';

/** POST ordenes/ {fk_resto, ordenes: [...]}: one order for the table, lines start at 1. */
export function addOrder(restaurant: number, sit: number, lines: NewLine[]): Promise<AnsweredLine[]> {
  const body = { fk_resto: restaurant, ordenes: lines.map((l) => ({ ...l, fk_sit: sit, status: '1' as const })) };
  return unwrap(api.POST('/api/ordenes/', { body }));
}
