import { useCallback } from 'react';
import { request } from './http';
import { useAction } from './resource';

export type CallKind = 'waiter' | 'bill';

/** PUT llamar-mozo/{token}/ (floor, anonymous): call the waiter, or ask for the bill. */
export function callWaiter(token: string, kind: CallKind): Promise<unknown> {
  return request('PUT', `/api/llamar-mozo/${encodeURIComponent(token)}/`, { body: { kind } });
}

export function useCallWaiter(token: string) {
  return useAction(useCallback((kind: CallKind) => callWaiter(token, kind), [token]));
}
