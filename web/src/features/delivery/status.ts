import type { Delivery, DeliveryStatus, Status } from './api/keys';

/** Filterable statuses (spec part 2 §5): 0 (all) to 6 except 5. No move leads to 7 'on the way', so
 * neither the filter nor the legend offers it. */
export const FILTERS: readonly DeliveryStatus[] = ['0', '1', '2', '3', '4', '6'];

/** The legend's colours (the theme picks the text colour on each: `autoContrast`). */
export const STATUS_COLOR: Record<Status, string> = { '1': 'blue', '2': 'orange', '3': 'red', '4': 'teal', '5': 'gray', '6': 'green', '7': 'grape' };

/** A status move of the delivery screen: the target of the bulk update (spec part 2 §4). */
export type Move = '2' | '4' | '3';

/**
 * The row's one move, as the spec's list view words it (1 → accept, 2 → deliver) from the
 * delivery's status the server derived; the server decides which lines follow (update-all with
 * `delivery: true`).
 */
export function nextMove(d: Delivery): Move | null {
  return d.status === '1' ? '2' : d.status === '2' ? '4' : null;
}

/**
 * Reject is offered while the order has a dish new or accepted that was not paid in cash (spec
 * part 2 §4: disabled for 3 to 6 and for cash orders). A delivery's lines carry no `can_reject`
 * (ordering's `LinePublic`), so the screen reads it from their status and `cash`; the server
 * refuses the rest.
 */
export const canReject = (d: Delivery) => d.ordenes.some((l) => (l.status === '1' || l.status === '2') && !l.cash);
