/**
 * The diner's wire shapes, from the generated OpenAPI types: type-only imports, so the phone's
 * bundle carries none of them (lib/api-client.ts's `publicApi` does the calls).
 */
import type { components as Billing } from '@/types/api/billing';
import type { components as Catalog } from '@/types/api/catalog';
import type { components as Floor } from '@/types/api/floor';
import type { components as Ordering } from '@/types/api/ordering';

export type PublicMenu = Catalog['schemas']['PublicMenu'];
export type PublicCategory = Catalog['schemas']['PublicCategory'];
export type PublicDish = Catalog['schemas']['PublicDish'];
export type PublicRestaurant = Catalog['schemas']['PublicRestaurant'];

/** Spec part 2 §4: '1' new, '2' accepted, '3' rejected, '4' delivered, '5' closing, '6' paid, '7' on the way. */
export type LineStatus = Ordering['schemas']['LineStatusUpdate']['status'];

// ordering declares a tab line's status as any string; it is always one of the seven above
export type TabLine = Omit<Ordering['schemas']['TabLine'], 'status'> & { status: LineStatus };

/** A line's online payment (spec part 2 §4 'Payment'): paid, pending, rejected, or none. */
export type PayStatus = TabLine['status_pay'];

/** GET ordenes/lugar/{token}/: the table's shared tab. */
export type Tab = Omit<Ordering['schemas']['Tab'], 'lines'> & { lines: TabLine[] };

export type DinerOrderCreate = Ordering['schemas']['DinerOrderCreate'];
export type DinerOrderPublic = Omit<Ordering['schemas']['DinerOrderPublic'], 'lines'> & { lines: TabLine[] };

/** GET sit/lugar/{token}/: a place's public facts (floor). */
export type PlacePublic = Floor['schemas']['PlaceForDiner'];

export type DeliveryCreate = Ordering['schemas']['DeliveryCreate'];
export type DeliveryCreated = Ordering['schemas']['DeliveryCreated'];

/** Paying online at the table (issue 22): billing's `pagar-orden/mercadopago/mesa/` calls. */
export type PayMode = Billing['schemas']['TableCheckoutCreate']['mode'];
/** A tip: a percent of what is paid, or an amount ('1500.00'); at most one of the two. */
export type Tip = Pick<Billing['schemas']['ShareCreate'], 'tip_percent' | 'tip_amount'>;
export type TipPercent = NonNullable<Tip['tip_percent']>;
/** POST pagar-orden/mercadopago/mesa/: the whole tab, my orders, or equal shares. */
export type TableCheckoutCreate = Billing['schemas']['TableCheckoutCreate'];
/** POST pagar-orden/mercadopago/mesa/{checkout}/parte/: the next share of an equal split. */
export type ShareCreate = Billing['schemas']['ShareCreate'];
/** Either answer: where the phone goes to pay (`init_point`), and what it pays. */
export type CheckoutCreated = Billing['schemas']['ChargePublic'];
/** A checkout under way at the table: an equal split's shares, those paid, those handed out (a share is left while `shares_taken < shares`). */
export type TableCheckout = Billing['schemas']['OpenCheckout'];
/** GET pagar-orden/mercadopago/mesa/?t=: whether the restaurant takes online payments (and tips), and the checkouts under way. */
export type TablePayState = Billing['schemas']['TablePayState'];
