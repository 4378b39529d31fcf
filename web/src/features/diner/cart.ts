import type { PublicDish } from './api/types';

/** Spec part 2 §5 and §9: comment 100, person name 30, address 100; quantity never below 1. */
export const LIMITS = { comment: 100, name: 30, address: 100, maxQuantity: 50, maxLines: 30 } as const;

export type CartLine = { key: string; dish: number; name: string; price: string; quantity: number; comment: string };

/** Cents, so that sums of prices never drift (prices come as strings with 2 decimals). */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function lineCents(line: Pick<CartLine, 'price' | 'quantity'>): number {
  return toCents(line.price) * line.quantity;
}

export function cartTotalCents(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineCents(line), 0);
}

export function cartCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The same dish with the same comment adds to its line; another comment is another line. */
export function addToCart(lines: CartLine[], dish: PublicDish, quantity: number, comment: string): CartLine[] {
  const text = comment.trim().slice(0, LIMITS.comment);
  const qty = Math.max(1, Math.min(LIMITS.maxQuantity, Math.floor(quantity)));
  const key = `${dish.pk}:${text}`;
  const existing = lines.find((l) => l.key === key);
  if (existing) {
    return lines.map((l) => (l.key === key ? { ...l, quantity: Math.min(LIMITS.maxQuantity, l.quantity + qty) } : l));
  }
  return [...lines, { key, dish: dish.pk, name: dish.name, price: dish.price, quantity: qty, comment: text }];
}

/** Quantity changes in the review; 0 removes the line. */
export function setQuantity(lines: CartLine[], key: string, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((l) => l.key !== key);
  return lines.map((l) => (l.key === key ? { ...l, quantity: Math.min(LIMITS.maxQuantity, quantity) } : l));
}

/** Lines whose dish left the menu (disabled or deleted meanwhile) are dropped. */
export function keepAvailable(lines: CartLine[], available: Set<number>): CartLine[] {
  return lines.filter((l) => available.has(l.dish));
}

/** A random six-digit order number (spec part 2 §3), never starting with 0. */
export function orderNumber(random: () => number = secureRandom): string {
  return String(100000 + Math.floor(random() * 900000));
}

function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;
}

export type DeliveryKind = 'delivery' | 'takeaway';
export type Checkout = { kind: DeliveryKind; name: string; address: string; cash: string };
export type CheckoutErrors = Partial<Record<'name' | 'address' | 'cash', string>>;

/** Parses what a person types as money: '5000', '5.000,50', '5000.50'. NaN when it is not money. */
export function parseAmount(text: string): number {
  const t = text.trim().replace(/\s|\$/g, '');
  if (!t) return NaN;
  let normal = t;
  if (t.includes(',')) normal = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(t)) normal = t.replace(/\./g, '');
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal) : NaN;
}

/**
 * The confirm step's rules (spec part 2 §5 'Diner order'), as catalog ids: the name is required
 * (up to 30), delivery needs an address (up to 100), the cash must cover the total. The spec's
 * original blocks a short cash amount silently; we say so.
 */
export function checkoutErrors(c: Checkout, totalCents: number): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const name = c.name.trim();
  if (!name) errors.name = 'diner.checkout.nameRequired';
  else if (name.length > LIMITS.name) errors.name = 'diner.checkout.nameMax';
  const address = c.address.trim();
  if (c.kind === 'delivery' && !address) errors.address = 'diner.checkout.addressRequired';
  else if (address.length > LIMITS.address) errors.address = 'diner.checkout.addressMax';
  const cash = parseAmount(c.cash);
  if (Number.isNaN(cash)) errors.cash = 'diner.checkout.cashInvalid';
  else if (Math.round(cash * 100) < totalCents) errors.cash = 'diner.checkout.cashBelowTotal';
  return errors;
}
