import type { components as Billing } from '@/types/api/billing';
import type { components as Catalog } from '@/types/api/catalog';
import type { components } from '@/types/api/ordering';

/** Ordering's wire shapes, from the generated OpenAPI types (never hand-written). */
type S = components['schemas'];

/** Spec part 2 §4: '1' new, '2' accepted, '3' rejected, '4' delivered, '5' closing, '6' paid, '7' on the way. */
export type Status = S['LinePublic']['status'];
/** A line as an action answers it. */
export type AnsweredLine = S['LinePublic'];
/** A line as the board lists it, with what the server says may be done with it (`can_reject`, `next_status`). */
export type Line = S['BoardLine'];
export type LinePage = S['Page_BoardLine_'];
/** A line the staff add to a table's order. */
export type NewLine = Pick<S['LineCreate'], 'fk_dish' | 'quantity' | 'extra_commentary'>;
/** A place on the board: its display status, counts, late flag and bulk buttons, as the server works them out. */
export type BoardTable = S['TablePublic'];
/** One place with the lines on its tab and the limits of a new line (`GET ordenes/mesas/{id}/`). */
export type TableDetail = S['TableDetail'];
export type TableAction = BoardTable['actions'][number] | 'liberar';

/** A dish a table can order (catalog). */
export type MenuDish = Catalog['schemas']['DishPublic'];

/** Billing's answer to a cancelled online payment: the lines it freed (generated from billing's OpenAPI). */
export type CheckoutCancelled = Billing['schemas']['CheckoutCancelled'];
