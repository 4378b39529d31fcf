import { useEffect, useRef, useState } from 'react';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';

/** A message of notifications' table socket (services/notifications/README.md 'The message'). */
export type TableMessage = {
  id: number;
  type: 'new_order' | 'order_status' | 'order_removed' | 'table_freed' | 'waiter_call' | 'bill_request' | 'waiter_call_cleared' | 'menu_changed';
  fk_sit: number | null;
  msg: string;
  data: Record<string, unknown>;
};

export type SocketState = 'connecting' | 'live' | 'retrying' | 'closed';

/** Close codes after which reconnecting cannot help (a replaced QR, a bad frame, too many phones). */
const FINAL = new Set([4400, 4401, 4403, 4404, 4429]);

/** 4429: a cap of the server's was full; its close reason says which. */
const TOO_MANY: Record<string, string> = {
  too_many_at_place: 'diner.table.tooManyAtPlace',
  too_many_for_restaurant: 'diner.table.tooManyForRestaurant',
  too_many_from_address: 'diner.table.tooManyFromAddress',
};
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];

export function socketUrl(origin = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}/ws/notificaciones/mesa/`;
}

/**
 * The diner's live line: `/ws/notificaciones/mesa/`, authorized by the place token in the first
 * frame (never in the URL: proxies log URLs). Reconnects with growing delays and sends the newest
 * id it saw, so nothing is missed; `onResync` means more was missed than the server keeps.
 */
export function useTableSocket(
  token: string | null,
  lang: string,
  handlers: { onMessage: (m: TableMessage) => void; onReady?: (resync: boolean) => void },
): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const latest = useRef(handlers);
  const t = useT();
  const latestT = useRef(t);
  useEffect(() => {
    latest.current = handlers;
    latestT.current = t;
  });

  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let lastId: number | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      socket = new WebSocket(socketUrl());
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', place_token: token, last_id: lastId, lang }));
      socket.onmessage = (event) => {
        let frame: { type?: string; id?: number; last_id?: number; resync?: boolean };
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          attempt = 0;
          lastId = Math.max(lastId ?? 0, frame.last_id ?? 0);
          setState('live');
          latest.current.onReady?.(!!frame.resync);
          return;
        }
        if (frame.type === 'error' || typeof frame.id !== 'number') return;
        if (lastId != null && frame.id <= lastId) return;
        lastId = frame.id;
        latest.current.onMessage(frame as TableMessage);
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (FINAL.has(event.code)) {
          setState('closed');
          if (event.code === 4429) {
            const id = TOO_MANY[event.reason] ?? TOO_MANY.too_many_at_place;
            notify('warning', latestT.current(id), { autoClose: DURATION.long });
          }
          return;
        }
        setState('retrying');
        timer = setTimeout(open, BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, lang]);

  return state;
}
