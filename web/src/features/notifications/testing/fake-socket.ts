import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { staffSocket } from '../socket';
import type { LiveMessage, StaffFrame } from '../types';

/**
 * The staff socket as a screen sees it, for screen tests: `playStaffSocket()` puts it in place of
 * the browser's for each test of the file; the test plays the server: open it, send frames, drop
 * it. Every socket the screens opened is in `FakeStaffSocket.all`.
 */
export class FakeStaffSocket {
  static all: FakeStaffSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason?: string }) => void) | null = null;
  sent: string[] = [];
  closed = false;

  constructor(readonly url: string) {
    FakeStaffSocket.all.push(this);
  }

  static get last(): FakeStaffSocket {
    return FakeStaffSocket.all[FakeStaffSocket.all.length - 1];
  }

  send(data: string) {
    this.sent.push(data);
  }

  close() {
    this.closed = true;
  }

  /** The server accepts the auth frame: `ready` (nothing missed). */
  ready(restaurant: number, lastId = 0, resync = false) {
    act(() => this.onopen?.());
    this.frame({ type: 'ready', last_id: lastId, last_ids: { [String(restaurant)]: lastId }, resync, restaurants: [restaurant] });
  }

  frame(frame: StaffFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }

  drop(code = 1006, reason = '') {
    act(() => this.onclose?.({ code, reason }));
  }
}

type Line = { id: number; status: LiveMessage['changed']['lines'][number]['status']; version: number | null };

/** A message as notifications sends it (contracts.live): its facts kept short, what changed in full. */
export function liveMessage(
  type: LiveMessage['type'],
  opts: { id: number; restaurant: number; place?: number | null; lines?: Line[]; msg?: string; resource?: LiveMessage['changed']['resource'] },
): LiveMessage {
  const place = opts.place ?? null;
  const lines = opts.lines ?? [];
  const resource = opts.resource ?? (['waiter_call', 'bill_request', 'waiter_call_cleared'].includes(type) ? 'waiter_call' : place === null ? 'delivery' : 'tab');
  const data =
    type === 'new_order' || type === 'new_delivery'
      ? { order_id: 1, kind: 'table', source: 'diner', placed_by: '', fk_delivery: null, lines: [] }
      : type === 'order_status'
        ? { fk_delivery: null, changes: [] }
        : type === 'order_removed'
          ? { fk_delivery: null, ids: lines.map((l) => l.id) }
          : type === 'table_freed'
            ? { ids: lines.map((l) => l.id) }
            : {};
  return {
    id: opts.id, type, fk_resto: opts.restaurant, fk_sit: place, order_type: 'other', description: `M${place ?? ''}`, from_admin: false, origin: null,
    msg: opts.msg ?? `${type} ${opts.id}`, created_at: '2026-11-22T21:04:05Z',
    changed: { resource, fk_resto: opts.restaurant, fk_sit: place, fk_delivery: null, fk_menu: null, lines, version: opts.id },
    data,
  } as LiveMessage;
}

/** Each test of the file talks to a `FakeStaffSocket`; after it the screen is gone and the tab's socket stopped. */
export function playStaffSocket() {
  beforeEach(() => {
    FakeStaffSocket.all = [];
    staffSocket.useConstructor(FakeStaffSocket as unknown as typeof WebSocket);
  });
  afterEach(() => {
    cleanup(); // unmounted first: nothing opens a socket once the stand-in is gone
    selectedRestaurantStore.clear();
    staffSocket.stop();
    // none of its own: the page's, as it is when a socket opens (the fake server's while it listens)
    staffSocket.useConstructor();
    vi.restoreAllMocks();
  });
}
