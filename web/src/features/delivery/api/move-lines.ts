import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Delivery, Status } from './keys';

/**
 * POST ordenes/update-all/ {pk_resto, delivery: true, lines}: the delivery screen's bulk update
 * (spec part 2 §4). Every line of the chosen orders is sent with the target and the version shown;
 * the server moves those the target applies to (2 from 1, 4 from 2, 3 from 1 or 2) and leaves the
 * others, and answers every line as it now is. A line changed meanwhile is a 409 and nothing moves.
 */
export function moveLines({ restaurant, deliveries, status }: { restaurant: number; deliveries: Delivery[]; status: Status }) {
  const lines = deliveries.flatMap((d) => d.ordenes.map((l) => ({ pk: l.id, status, version: l.version })));
  return unwrap(api.POST('/api/ordenes/update-all/', { body: { pk_resto: restaurant, delivery: true, lines } }));
}

export function useMoveLines() {
  return useMutation({ mutationFn: moveLines });
}
