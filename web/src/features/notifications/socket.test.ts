import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localeStore } from '@/lib/i18n/locale';
import * as toasts from '@/lib/notify';
import * as sound from '@/lib/sound';
import { sessionStore } from '@/lib/session';
import { StaffSocket, type SocketEvent } from './socket';

/** A socket the test drives by hand: what the client sent, and the server's frames and closes. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason?: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.closed = true;
  }
  serverOpen() {
    this.onopen?.();
  }
  frame(f: object) {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }
}

const changed = { resource: 'tab', fk_resto: 10, fk_sit: 4, fk_delivery: null, fk_menu: null, lines: [], version: 1 };
const msg = (id: number, type = 'new_order', fk_resto = 10) => ({
  id, type, fk_resto, fk_sit: 4, order_type: 'other', description: 'M1', from_admin: false, msg: 'x', created_at: '', data: {}, changed: { ...changed, fk_resto },
});

const made: StaffSocket[] = [];

function make() {
  const s = new StaffSocket(() => 'ws://test/ws/notificaciones/', FakeSocket as unknown as typeof WebSocket);
  made.push(s);
  const events: SocketEvent[] = [];
  s.subscribe((e) => events.push(e));
  return { s, events, last: () => FakeSocket.all[FakeSocket.all.length - 1] };
}

describe('staff socket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    sessionStore.signIn({ token: 'tok-1', username: 'ana', groups: [4] });
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const s of made.splice(0)) s.stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a logout closes the socket; signing in again on the same restaurant opens one with the new token', () => {
    const { s, events, last } = make();
    s.start(10);
    last().serverOpen();
    last().frame({ type: 'ready', last_id: 5, last_ids: { '10': 5 }, resync: false, restaurants: [10] });
    const first = last();
    sessionStore.clear();
    expect(first.closed).toBe(true);
    expect(events.at(-1)).toEqual({ kind: 'status', connected: false });
    sessionStore.signIn({ token: 'tok-2', username: 'ana', groups: [4] });
    s.start(10);
    expect(FakeSocket.all).toHaveLength(2);
    last().serverOpen();
    expect(JSON.parse(last().sent[0])).toMatchObject({ type: 'auth', token: 'tok-2', fk_resto: 10, last_ids: null });
  });

  it('stays open while a screen uses it and stops (its reconnect too) when the last one lets go', async () => {
    const { s, last } = make();
    const bell = s.use(null);
    const board = s.use(10); // the board moves it to its restaurant
    expect(FakeSocket.all).toHaveLength(2);
    board();
    await Promise.resolve();
    expect(last().closed).toBe(false);
    // a screen that takes over in the same commit finds it open: no new socket
    bell();
    const next = s.use(10);
    await Promise.resolve();
    expect(FakeSocket.all).toHaveLength(2);
    last().drop(); // waits to reconnect
    next();
    await Promise.resolve();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(s.connected).toBe(false);
  });

  it('authenticates in the first frame, never in the URL', () => {
    const { s, last } = make();
    s.start(10);
    expect(last().url).not.toContain('tok-1');
    last().serverOpen();
    expect(JSON.parse(last().sent[0])).toMatchObject({ type: 'auth', token: 'tok-1', last_id: null, last_ids: null, fk_resto: 10 });
  });

  it('sends the last-seen id of each restaurant when reconnecting, backing off 1 s then 2 s', () => {
    const { s, last } = make();
    s.start(null);
    last().serverOpen();
    last().frame({ type: 'ready', last_id: 6, last_ids: { '10': 5, '11': 6 }, resync: false, restaurants: [10, 11] });
    last().frame(msg(9));
    last().drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().serverOpen();
    // each restaurant's ids grow in its own order: 9 of 10 says nothing of 11's
    expect(JSON.parse(last().sent[0]).last_ids).toEqual({ '10': 9, '11': 6 });
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('does not reconnect after a revoked token or a refused restaurant', () => {
    const { s, last } = make();
    s.start(10);
    last().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not reconnect when the server holds too many sockets, and says why in the screen\'s language', async () => {
    const notify = vi.spyOn(toasts, 'notify').mockImplementation(() => {});
    await localeStore.set('es');
    const { s, last } = make();
    s.start(10);
    last().drop(4429, 'too_many_for_restaurant');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('warning', 'El restaurante tiene demasiadas pantallas conectadas. Cerrá alguna y volvé a cargar la página.', expect.anything());
    await localeStore.set('en');
    s.start(11);
    last().drop(4429, 'too_many_from_address');
    expect(notify).toHaveBeenLastCalledWith('warning', 'Too many connections are open from this network. Close a tab and reload the page.', expect.anything());
    await localeStore.set('es');
    expect(FakeSocket.all).toHaveLength(2); // a refusal stays final when the language changes
  });

  it('rings for live new orders and waiter calls only: not for the replay, not for status changes, not twice', () => {
    const play = vi.spyOn(sound, 'playNotificationSound').mockReturnValue(true);
    const { s, events, last } = make();
    s.start(10);
    last().serverOpen();
    last().frame(msg(3)); // missed while away: replayed before ready
    last().frame({ type: 'ready', last_id: 3, last_ids: { '10': 3 }, resync: false, restaurants: [10] });
    last().frame(msg(4, 'order_status'));
    last().frame(msg(5, 'waiter_call'));
    last().frame(msg(5, 'waiter_call')); // a repeat
    last().frame(msg(2, 'order_status', 11)); // another restaurant's ids are its own: not a repeat
    expect(play.mock.calls).toEqual([['waiter-call']]);
    const messages = events.filter((e) => e.kind === 'message');
    expect(messages.map((e) => e.kind === 'message' && [e.message.id, e.replayed])).toEqual([
      [3, true],
      [4, false],
      [5, false],
      [2, false],
    ]);
  });

  it('reconnects in the new language when the screen switches, resuming after the last id seen', async () => {
    const { s, last } = make();
    await localeStore.set('es');
    s.start(10);
    last().serverOpen();
    last().frame({ type: 'ready', last_id: 0, last_ids: { '10': 0 }, resync: false, restaurants: [10] });
    last().frame(msg(7));
    await localeStore.set('en');
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[0].closed).toBe(true);
    last().serverOpen();
    expect(JSON.parse(last().sent[0])).toMatchObject({ type: 'auth', fk_resto: 10, lang: 'en', last_ids: { '10': 7 } });
    s.stop();
    await localeStore.set('es');
    expect(FakeSocket.all).toHaveLength(2); // a stopped socket stays stopped
  });

  it('starts afresh on another restaurant', () => {
    const { s, last } = make();
    s.start(10);
    last().serverOpen();
    last().frame(msg(7));
    s.start(11);
    expect(FakeSocket.all[0].closed).toBe(true);
    last().serverOpen();
    expect(JSON.parse(last().sent[0])).toMatchObject({ fk_resto: 11, last_id: null, last_ids: null });
  });
});
