import { useEffect, useRef } from 'react';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
import type { components } from '@/types/api/live';
import { CLOSE_CODES } from '@/types/api/constants';
import { type Message, type SocketState, useLiveSocket } from './live-socket';

export type { SocketState } from './live-socket';

/** A frame of notifications' table socket, generated from proto/contracts/live.py (types only: nothing to download). */
type DinerFrame = components['schemas']['DinerFrame'];
/** A message (not `ready` or `error`): services/notifications/README.md 'The message'. */
export type TableMessage = Message<DinerFrame>;

/** CLOSE_CODES.TOO_MANY: a cap of the server's was full; its close reason says which. */
const TOO_MANY: Record<string, string> = {
  too_many_at_place: 'diner.table.tooManyAtPlace',
  too_many_for_restaurant: 'diner.table.tooManyForRestaurant',
  too_many_from_address: 'diner.table.tooManyFromAddress',
};

/**
 * The diner's live line at the table: `/ws/notificaciones/mesa/`, authorized by the place token;
 * `onReady(resync)`: resync means more was missed than the server keeps.
 */
export function useTableSocket(
  token: string | null,
  lang: string,
  handlers: { onMessage: (m: TableMessage) => void; onReady?: (resync: boolean) => void },
): SocketState {
  const t = useT();
  const latestT = useRef(t);
  useEffect(() => {
    latestT.current = t;
  });
  return useLiveSocket<DinerFrame>('/ws/notificaciones/mesa/', 'place_token', token, lang, {
    onMessage: handlers.onMessage,
    onReady: (_first, resync) => handlers.onReady?.(resync),
    onFinal: (code, reason) => {
      if (code !== CLOSE_CODES.TOO_MANY) return;
      notify('warning', latestT.current(TOO_MANY[reason] ?? TOO_MANY.too_many_at_place), { autoClose: DURATION.long });
    },
  });
}
