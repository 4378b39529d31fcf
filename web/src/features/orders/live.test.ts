import { describe, expect, it } from 'vitest';
import { liveMessage } from '@/features/notifications/testing/fake-socket';
import type { LinePage, TableDetail } from './api/types';
import { callsCover, changeOf, pageCovers, tabCovers, type Change } from './live';
import { line, place, RESTAURANT } from './testing/board-server';

const tab = (...lines: ReturnType<typeof line>[]): TableDetail => ({
  fk_sit: 1, i_name: 'M1', sit_type: 'mesa', admin: true, status: null, counts: {}, newest_order_at: null, late: false, late_message: null,
  wait_time: 0, actions: [], lines, max_quantity: 50, max_comment: 100,
});
const page = (...lines: ReturnType<typeof line>[]): LinePage => ({ count: lines.length, results: lines });
const change = (lines: Change['lines'], freed = false): Change => ({ place: 1, lines, freed });

describe('whether what the board holds already shows a change', () => {
  it('a tab shows a change when it holds each line at its version or later, and none that left it', () => {
    const held = tab(line(1, 1, '2', { version: 3 }), line(2, 1, '1', { version: 1 }));
    expect(tabCovers(held, change([{ id: 1, status: '2', version: 3 }]))).toBe(true);
    expect(tabCovers(held, change([{ id: 1, status: '2', version: 2 }]))).toBe(true);
    expect(tabCovers(held, change([{ id: 1, status: '4', version: 4 }]))).toBe(false); // newer than held
    expect(tabCovers(held, change([{ id: 3, status: '1', version: 1 }]))).toBe(false); // not there yet
    expect(tabCovers(held, change([{ id: 9, status: null, version: null }]))).toBe(true); // removed, gone
    expect(tabCovers(held, change([{ id: 2, status: null, version: null }]))).toBe(false); // removed, still shown
    expect(tabCovers(held, change([{ id: 1, status: '2', version: null }]))).toBe(false); // no version: cannot tell
    expect(tabCovers(held, change([]))).toBe(false); // says nothing: read again
  });

  it('a freed table is shown once its tab is empty', () => {
    expect(tabCovers(tab(), change([], true))).toBe(true);
    expect(tabCovers(tab(line(5, 1, '4')), change([{ id: 1, status: null, version: null }], true))).toBe(false);
  });

  it("a page of the list shows a change when it holds the lines, or they cannot be on it (another status's filter)", () => {
    const held = page(line(1, 1, '1', { version: 2 }));
    const all = { status: '0', page: 1, size: 20 } as const;
    const news = { status: '1', page: 1, size: 20 } as const;
    expect(pageCovers(held, all, change([{ id: 1, status: '1', version: 2 }]))).toBe(true);
    expect(pageCovers(held, all, change([{ id: 2, status: '1', version: 1 }]))).toBe(false);
    expect(pageCovers(held, news, change([{ id: 2, status: '2', version: 1 }]))).toBe(true); // not a new one: never on this page
    expect(pageCovers(held, news, change([{ id: 1, status: '2', version: 3 }]))).toBe(false); // leaves the page
    expect(pageCovers(held, all, change([], true))).toBe(false);
  });

  it("floor's places show a call, a bill request and a call answered", () => {
    const calling = [place(1, 'M1', { call_waiter: true, call_kind: 'waiter' })];
    const at = (type: 'waiter_call' | 'bill_request' | 'waiter_call_cleared') => liveMessage(type, { id: 1, restaurant: RESTAURANT.id, place: 1 });
    expect(callsCover(calling, at('waiter_call'))).toBe(true);
    expect(callsCover(calling, at('bill_request'))).toBe(false);
    expect(callsCover(calling, at('waiter_call_cleared'))).toBe(false);
    expect(callsCover([place(1, 'M1')], at('waiter_call_cleared'))).toBe(true);
    expect(callsCover([], at('waiter_call'))).toBe(false);
  });

  it("a message's change is what it names: its place and lines; a freed table says so", () => {
    const lines = [{ id: 4, status: null, version: null }];
    expect(changeOf(liveMessage('table_freed', { id: 3, restaurant: 7, place: 2, lines }))).toEqual({ place: 2, lines, freed: true });
  });
});
