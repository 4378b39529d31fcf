import { read, write } from '@/lib/storage';

/**
 * The orders this phone placed at a table, kept per place token in local storage, so that 'pay
 * only what I ordered' knows them after a reload or a trip to the payment page. The tab does not
 * say which phone placed an order (only the name typed), so the phone remembers.
 */
const KEY = (token: string) => `diner-orders:${token}`;
// the newest only: an order of an earlier sitting matches no line of the tab, so it is never paid by mistake
const MAX = 50;

export function myOrders(token: string): number[] {
  try {
    const value: unknown = JSON.parse(read(KEY(token)) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function rememberOrder(token: string, order: number): void {
  write(KEY(token), JSON.stringify([...myOrders(token).filter((id) => id !== order), order].slice(-MAX)));
}
