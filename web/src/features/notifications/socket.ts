import { createIntl } from 'react-intl';
import { localeStore } from '@/lib/i18n/locale';
import { DURATION, notify } from '@/lib/notify';
import { sessionStore } from '@/lib/session';
import { playNotificationSound } from '@/lib/sound';
import { KEYS, read } from '@/lib/storage';
import { CLOSE_CODES, FINAL_CLOSE_CODES as FINAL, RECONNECT_DELAYS_MS as BACKOFF_MS } from '@/types/api/constants';
import en from './locales/en.json';
import es from './locales/es.json';
import type { LiveMessage, StaffAuth, StaffFrame } from './types';

export type SocketEvent =
  | { kind: 'message'; message: LiveMessage; replayed: boolean }
  | { kind: 'ready'; resync: boolean }
  | { kind: 'status'; connected: boolean };

type Listener = (e: SocketEvent) => void;

/** Types that ring on every tablet (new order, new delivery, waiter call, bill request). */
const SOUNDS: Partial<Record<LiveMessage['type'], 'new-order' | 'waiter-call'>> = {
  new_order: 'new-order',
  new_delivery: 'new-order',
  waiter_call: 'waiter-call',
  bill_request: 'waiter-call',
};

// FINAL: the close codes after which reconnecting cannot help (bad auth, revoked, not a member, too many
// sockets); BACKOFF_MS: the reconnect delays, 1 s … 30 s. Both defined once, in proto/contracts/live.py.

/** CLOSE_CODES.TOO_MANY: a cap of the server's was full (its close reason says which); told in the screen's language. */
const TOO_MANY: Record<string, string> = {
  too_many_from_address: 'bell.socket.tooManyFromAddress',
  too_many_for_restaurant: 'bell.socket.tooManyForRestaurant',
};

function tooMany(reason: string | undefined): string {
  const locale = localeStore.get();
  const intl = createIntl({ locale, messages: locale === 'en' ? en : es, defaultLocale: 'es' });
  return intl.formatMessage({ id: TOO_MANY[reason ?? ''] ?? TOO_MANY.too_many_for_restaurant });
}

export function receivesNotifications(): boolean {
  return read(KEYS.receiveNoti) !== 'no';
}

/**
 * The tab's one staff socket: auth frame (no token in the URL), the last-seen id of each restaurant
 * on reconnect (ids grow in order only within a restaurant), backoff 1 s … 30 s, sounds only for
 * live messages (not the catch-up replayed before `ready`).
 */
export class StaffSocket {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private lastIds = new Map<number, number>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ready = false;
  private stopped = true;
  private restaurant: number | null = null;
  private token = sessionStore.get().token;
  private users = 0;
  connected = false;

  /** `Ctor`: the socket class; none, the page's `WebSocket` as it is when a socket opens (not when this was made). */
  constructor(
    private readonly url: () => string = defaultUrl,
    private Ctor?: typeof WebSocket,
  ) {
    // the server writes each message's text in the language the socket named when it logged in:
    // another language reconnects, resuming after the last ids seen (nothing missed, nothing twice)
    localeStore.subscribe(() => this.relanguage());
    // a logout (or another sign-in) ends the socket: the server would refuse its token (4401, final)
    // and the next start() would find it 'running' on the same restaurant and open nothing
    sessionStore.subscribe(() => this.resession());
  }

  private resession() {
    const { token } = sessionStore.get();
    if (token === this.token) return;
    this.token = token;
    this.stop();
    this.lastIds.clear(); // another user's restaurants
  }

  private relanguage() {
    // only a live socket or one waiting to reconnect: a final refusal (revoked, too many) stays final
    if (this.stopped || (!this.ws && !this.timer)) return;
    this.stop();
    this.stopped = false;
    this.open();
  }

  /** Screen tests play the server through a stand-in (`testing/fake-socket.ts`); `undefined` puts the browser's back. */
  useConstructor(Ctor?: typeof WebSocket) {
    this.Ctor = Ctor;
  }

  /**
   * A screen that listens (the bell, a board): the socket on `restaurant` while it is there. The
   * returned function lets go; when the last screen has let go the socket stops (no socket, and no
   * reconnect timer, outlives the screens that wanted it). A screen that takes over from another
   * in the same commit (a route's change, a new restaurant) finds it still open.
   */
  use(restaurant: number | null): () => void {
    this.users += 1;
    this.start(restaurant);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      queueMicrotask(() => {
        if (this.users === 0) this.stop();
      });
    };
  }

  subscribe(l: Listener) {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  /** The newest id seen of a restaurant. */
  lastSeen(restaurant: number): number | null {
    return this.lastIds.get(restaurant) ?? null;
  }

  /** Listen to one restaurant (null: all of the user's); a change reconnects. */
  start(restaurant: number | null) {
    if (!this.stopped && this.restaurant === restaurant) return;
    if (this.restaurant !== restaurant) this.lastIds.clear();
    this.restaurant = restaurant;
    this.stop();
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close(1000);
    this.setConnected(false);
  }

  private seen(restaurant: number, id: number) {
    this.lastIds.set(restaurant, Math.max(this.lastIds.get(restaurant) ?? 0, id));
  }

  /** The ids to resume from, one per restaurant (at most the 40 the server takes: the newest). */
  private lastIdsSent(): Record<string, number> | null {
    if (!this.lastIds.size) return null;
    const newest = [...this.lastIds].sort((a, b) => b[1] - a[1]).slice(0, 40);
    return Object.fromEntries(newest.map(([restaurant, id]) => [String(restaurant), id]));
  }

  private emit(e: SocketEvent) {
    for (const l of this.listeners) l(e);
  }

  private setConnected(v: boolean) {
    if (this.connected === v) return;
    this.connected = v;
    this.emit({ kind: 'status', connected: v });
  }

  private open() {
    const { token } = sessionStore.get();
    if (!token) return;
    const ws = new (this.Ctor ?? globalThis.WebSocket)(this.url());
    this.ws = ws;
    this.ready = false;
    ws.onopen = () => {
      const auth: StaffAuth = { type: 'auth', token, last_id: null, last_ids: this.lastIdsSent(), fk_resto: this.restaurant, lang: localeStore.get() };
      ws.send(JSON.stringify(auth));
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      let frame: StaffFrame;
      try {
        frame = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        this.ready = true;
        this.attempt = 0;
        for (const [restaurant, id] of Object.entries(frame.last_ids ?? {})) this.seen(Number(restaurant), id);
        this.setConnected(true);
        this.emit({ kind: 'ready', resync: Boolean(frame.resync) });
        return;
      }
      if (frame.type === 'error' || typeof frame.id !== 'number') return;
      // a restaurant's ids only grow: one not above the last seen is a repeat
      const last = this.lastIds.get(frame.fk_resto);
      if (last !== undefined && frame.id <= last) return;
      this.seen(frame.fk_resto, frame.id);
      const replayed = !this.ready;
      const sound = SOUNDS[frame.type];
      if (!replayed && sound) playNotificationSound(sound);
      this.emit({ kind: 'message', message: frame, replayed });
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.setConnected(false);
      if (ev.code === CLOSE_CODES.TOO_MANY && !this.stopped) notify('warning', tooMany(ev.reason), { autoClose: DURATION.long });
      if (this.stopped || FINAL.has(ev.code)) return;
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt += 1;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.stopped) this.open();
      }, delay);
    };
  }
}

function defaultUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/ws/notificaciones/`;
}

/** The tab's socket (one per tab, shared by the board and the bell). */
export const staffSocket = new StaffSocket();
