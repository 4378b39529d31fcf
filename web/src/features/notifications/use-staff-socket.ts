import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session';
import { staffSocket, type SocketEvent } from './socket';
import type { LiveMessage } from './types';

/**
 * Keeps the tab's socket on the given restaurant while the screen is there (the last screen to go
 * stops it) and calls `onEvent` for each event.
 */
export function useStaffSocket(restaurant: number | null, onEvent?: (e: SocketEvent) => void) {
  const { token } = useSession();
  // signed in again (same restaurant, same screen): the logout stopped the socket, this opens it
  useEffect(() => (token ? staffSocket.use(restaurant) : undefined), [restaurant, token]);
  useEffect(() => (onEvent ? staffSocket.subscribe(onEvent) : undefined), [onEvent]);
}

const subscribeStatus = (l: () => void) => staffSocket.subscribe((e) => e.kind === 'status' && l());

export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeStatus, () => staffSocket.connected, () => false);
}

/** How a staff screen keeps its queries current from the socket (its feature's live.ts). */
export type LiveQueries = {
  /** A live message: read again the one query it names, once. */
  onMessage: (qc: QueryClient, restaurant: number, message: LiveMessage) => Promise<void>;
  /** Connected (again): the screen is read afresh; the catch-up replayed before is not gone through one by one. */
  onReady: (qc: QueryClient, restaurant: number) => void;
};

/** A staff screen's live line on one restaurant; answers whether the socket is connected. */
export function useLiveQueries(restaurant: number, { onMessage, onReady }: LiveQueries): boolean {
  const qc = useQueryClient();
  const onEvent = useCallback(
    (e: SocketEvent) => {
      if (e.kind === 'ready') onReady(qc, restaurant);
      else if (e.kind === 'message' && !e.replayed) void onMessage(qc, restaurant, e.message);
    },
    [qc, restaurant, onMessage, onReady],
  );
  useStaffSocket(restaurant, onEvent);
  return useSocketConnected();
}
