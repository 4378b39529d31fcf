import type { components } from '@/types/api/live';
import { CLOSE_CODES } from '@/types/api/constants';
import { type SocketState, useLiveSocket } from '../live-socket';

/** A frame of the tracking socket, generated from proto/contracts/live.py (types only). */
type TrackingFrame = components['schemas']['TrackingFrame'];

export type TrackingEvents = {
  /** A message about the order (its lines moved, were edited or removed; its facts changed): a signal to read it again. */
  onChange: () => void;
  /** Connected: `first` on the page's first connection; `resync` when the order may have changed while away. */
  onReady: (first: boolean, resync: boolean) => void;
  /** The link is refused (CLOSE_CODES.NOT_FOUND: unknown, or a day past the order's closing). */
  onGone: () => void;
};

/**
 * The tracking page's live line: `/ws/notificaciones/seguimiento/`, authorized by the tracking
 * token. Nothing is replayed on it: a reconnection reads the order again when `ready` says to.
 */
export function useTrackingSocket(token: string | null, lang: string, events: TrackingEvents): SocketState {
  return useLiveSocket<TrackingFrame>('/ws/notificaciones/seguimiento/', 'tracking_token', token, lang, {
    onMessage: () => events.onChange(),
    onReady: events.onReady,
    onFinal: (code) => {
      if (code === CLOSE_CODES.NOT_FOUND) events.onGone();
    },
  });
}
