import { useEffect, useSyncExternalStore } from 'react';
import { staffSocket, type SocketEvent } from './socket';

/** Keeps the tab's socket on the given restaurant and calls `onEvent` for each event. */
export function useStaffSocket(restaurant: number | null, onEvent?: (e: SocketEvent) => void) {
  useEffect(() => {
    staffSocket.start(restaurant);
  }, [restaurant]);
  useEffect(() => (onEvent ? staffSocket.subscribe(onEvent) : undefined), [onEvent]);
}

const subscribeStatus = (l: () => void) => staffSocket.subscribe((e) => e.kind === 'status' && l());

export function useSocketConnected(): boolean {
  return useSyncExternalStore(subscribeStatus, () => staffSocket.connected, () => false);
}
