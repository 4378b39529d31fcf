/**
 * The diner's wire shapes, from the generated OpenAPI types: type-only imports, so the phone's
 * bundle carries none of them (the small client in http.ts does the calls).
 */
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

/*
 * Paying online at the table (issue 22, billing's `pagar-orden/mercadopago/mesa/`). Written from
 * billing's announced shapes until its generated types (src/types/api/billing.ts) carry the
 * endpoints; then these become aliases of the generated schemas, like the ones above.
 */
export type PayMode = 'tab' | 'mine' | 'share';
export type TipPercent = 10 | 15 | 20;
/** A tip: a percent of what is paid, or an amount ('1500.00'); at most one of the two. */
export type Tip = { tip_percent: TipPercent | null; tip_amount: string | null };
/** POST pagar-orden/mercadopago/mesa/ */
export type TableCheckoutCreate = Tip & { t: string; mode: PayMode; orders?: number[]; shares?: number };
/** POST pagar-orden/mercadopago/mesa/{checkout}/parte/: the next share of an equal split. */
export type ShareCreate = Tip & { t: string };
/** Either answer: where the phone goes to pay (`init_point`), and what it pays. */
export type CheckoutCreated = {
  checkout: number;
  charge: number;
  init_point: string;
  amount: string;
  tip: string;
  total: string;
  marketplace_fee: string;
  share: { n: number; of: number } | null;
  lines: number[];
};
/**
 * A checkout under way at the table: an equal split shows its shares, those paid and those handed
 * out to a phone already (a share is left while `shares_taken < shares`).
 */
export type TableCheckout = {
  checkout: number;
  mode: PayMode;
  shares: number;
  shares_paid: number;
  shares_taken: number;
  amount: string;
  state: 'open' | 'approved';
  lines: number[];
  created_at: string;
};
/** GET pagar-orden/mercadopago/mesa/?t=: whether the restaurant takes online payments (and tips), and the open checkouts. */
export type TablePayState = { linked: boolean; tips: boolean; checkouts: TableCheckout[] };
