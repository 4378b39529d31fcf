import type { TabLine, TableCheckout, Tip, TipPercent } from '../api/types';
import { lineCents, parseAmount } from '../cart';

/**
 * What the phone shows before it leaves for the marketplace: which lines a payment covers and
 * what it comes to. Billing charges its own sums (its answer's `amount`, `tip`, `total`); these
 * are the same arithmetic, so the diner sees the figure the checkout page will show.
 */

/**
 * Lines billing can charge online: accepted or delivered, not paid, and not held by a payment
 * under way (ordering shows those 'pending', or 'rejected' while their checkout stays open).
 */
export const payableLines = (lines: TabLine[]): TabLine[] => lines.filter((l) => (l.status === '2' || l.status === '4') && !l.status_pay);

export const linesCents = (lines: Pick<TabLine, 'price' | 'quantity'>[]): number => lines.reduce((sum, l) => sum + lineCents(l), 0);

/** The split's limits (billing refuses others). */
export const SHARES = { min: 2, max: 20 } as const;

/**
 * One share of an equal split of `cents` among `of` (billing's rule): the amount divided, half up,
 * for all but the last, which takes what is left (the rounding cents); rounded down instead when
 * half up would leave the last below zero.
 */
export function shareCents(cents: number, of: number, last = false): number {
  let part = Math.round(cents / of);
  if (part * (of - 1) > cents) part = Math.floor(cents / of);
  return last ? cents - part * (of - 1) : part;
}

/** The next share of an open split: the last one when every other was handed out. */
export const nextShareCents = (c: Pick<TableCheckout, 'amount' | 'shares' | 'shares_taken'>): number =>
  shareCents(Math.round(Number(c.amount) * 100), c.shares, c.shares_taken >= c.shares - 1);

/** An equal split under way at the table (shown to every phone), and whether a share is left to take. */
export const openSplit = (c: TableCheckout): boolean => c.mode === 'share' && c.state === 'open' && c.shares > 1;
export const shareLeft = (c: TableCheckout): boolean => c.shares_taken < c.shares;

export const TIP_PERCENTS: readonly TipPercent[] = [10, 15, 20];
/** The tip as the diner chose it: none, a percent, or an amount typed. */
export type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: TipPercent } | { kind: 'amount'; text: string };

/**
 * The tip in cents (a percent rounded half up, as billing does), or NaN for an amount billing
 * refuses: not money, not above 0, or over what this payment pays of the lines.
 */
export function tipCents(choice: TipChoice, amountCents: number): number {
  if (choice.kind === 'none') return 0;
  if (choice.kind === 'percent') return Math.round((amountCents * choice.percent) / 100);
  const value = Math.round(parseAmount(choice.text) * 100);
  return value > 0 && value <= amountCents ? value : NaN;
}

/** The tip as billing takes it: a percent or an amount, never both. */
export function tipBody(choice: TipChoice): Tip {
  if (choice.kind === 'percent') return { tip_percent: choice.percent, tip_amount: null };
  if (choice.kind === 'amount') return { tip_percent: null, tip_amount: (Math.round(parseAmount(choice.text) * 100) / 100).toFixed(2) };
  return { tip_percent: null, tip_amount: null };
}
