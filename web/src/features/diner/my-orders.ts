import { read, write } from '@/lib/storage';

/**
 * The orders this phone placed at a table, kept per place token in local storage, so that 'pay
 * only what I ordered' knows them after a reload or a trip to the payment page. The tab does not
 * say which phone placed an order (only the name typed), so the phone remembers.
 */
type Mine = { id: number; at: number }[];

const KEY = (token: string) => `diner-orders:${token}`;
const MAX = 50;
// a freed table's empty tab read just before an order lands must not forget it
const GRACE_MS = 60_000;

function load(token: string): Mine {
  try {
    const value: unknown = JSON.parse(read(KEY(token)) ?? '[]');
    return Array.isArray(value) ? value.filter((e): e is Mine[number] => typeof e?.id === 'number' && typeof e?.at === 'number') : [];
  } catch {
    return [];
  }
}

export function myOrders(token: string): number[] {
  return load(token).map((e) => e.id);
}

export function rememberOrder(token: string, order: number, now = Date.now()): void {
  const kept = load(token).filter((e) => e.id !== order);
  write(KEY(token), JSON.stringify([...kept, { id: order, at: now }].slice(-MAX)));
}

/** A new sitting (the tab is empty: the table was freed): the orders of the last one are no longer mine to pay. */
export function forgetOrders(token: string, now = Date.now()): void {
  const recent = load(token).filter((e) => now - e.at < GRACE_MS);
  write(KEY(token), recent.length ? JSON.stringify(recent) : null);
}
