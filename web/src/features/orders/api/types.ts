import type { Place } from '@/lib/places';
import type { components as Catalog } from '@/types/api/catalog';
import type { components } from '@/types/api/ordering';

/** Ordering's wire shapes, from the generated OpenAPI types (never hand-written). */
type S = components['schemas'];

/** Spec part 2 §4: '1' new, '2' accepted, '3' rejected, '4' delivered, '5' closing, '6' paid, '7' on the way. */
export type Status = S['LineStatusUpdate']['status'];

// ordering's answers declare a line's and a table's status as any string (only a change names the
// seven); the board's colours and buttons are keyed by them, so the answers are read as these
export type Line = Omit<S['LinePublic'], 'status'> & { status: Status };
export type LinePage = Omit<S['Page_LinePublic_'], 'results'> & { results: Line[] };
/** A line the staff add to a table's order. */
export type NewLine = Pick<S['LineCreate'], 'fk_dish' | 'quantity' | 'extra_commentary'>;
export type BoardTable = Omit<S['TablePublic'], 'status' | 'counts'> & { status: Status | null; counts: Partial<Record<Status, number>> };

/** Floor's place: its position on the sketch and its pending waiter call. */
export type FloorSit = Place;

/** A dish a table can order (catalog). */
export type MenuDish = Catalog['schemas']['DishPublic'];
