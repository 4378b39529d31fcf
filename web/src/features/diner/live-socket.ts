import { useEffect, useRef, useState } from 'react';
import { FINAL_CLOSE_CODES as FINAL, RECONNECT_DELAYS_MS as BACKOFF_MS } from '@/types/api/constants';

export type SocketState = 'connecting' | 'live' | 'retrying' | 'closed';

// FINAL: the close codes after which reconnecting cannot help (a replaced QR, a link past its time, a bad
// frame, too many phones); BACKOFF_MS: the reconnect delays. Both defined once, in proto/contracts/live.py.

/** What every frame of the diner's sockets has (proto/contracts/live.py). */
type Frame = { type: string; id?: number | null; last_id?: number | null; resync?: boolean | null };
export type Message<F extends Frame> = Exclude<F, { type: 'ready' | 'error' }>;

export type LiveHandlers<F extends Frame> = {
  onMessage: (message: Message<F>) => void;
  /** Connected: `first` on the page's first connection; `resync` when more was missed than the server keeps. */
  onReady?: (first: boolean, resync: boolean) => void;
  /** A refusal reconnecting cannot mend: the socket stays closed. */
  onFinal?: (code: number, reason: string) => void;
};

/**
 * One of the diner's live lines (the table's, a followed order's) at `path`, authorized by the
 * page's credential in the first frame (`{type: 'auth', [field]: credential}`, never in the URL:
 * proxies log URLs). Reconnects with growing delays and sends the newest id it saw, so nothing is
 * missed and nothing is shown twice.
 */
export function useLiveSocket<F extends Frame>(
  path: string,
  field: string,
  credential: string | null,
  lang: string,
  handlers: LiveHandlers<F>,
): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!credential) return;
    let socket: WebSocket | null = null;
    let lastId: number | null = null;
    let attempt = 0;
    let first = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      socket = new WebSocket(liveUrl(path));
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', [field]: credential, last_id: lastId, lang }));
      socket.onmessage = (event) => {
        let frame: F;
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          attempt = 0;
          lastId = Math.max(lastId ?? 0, frame.last_id ?? 0);
          setState('live');
          latest.current.onReady?.(first, !!frame.resync);
          first = false;
          return;
        }
        if (frame.type === 'error' || typeof frame.id !== 'number') return;
        if (lastId != null && frame.id <= lastId) return;
        lastId = frame.id;
        latest.current.onMessage(frame as Message<F>);
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (FINAL.has(event.code)) {
          setState('closed');
          latest.current.onFinal?.(event.code, event.reason);
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
  }, [path, field, credential, lang]);

  return state;
}

export function liveUrl(path: string, origin = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}${path}`;
}
