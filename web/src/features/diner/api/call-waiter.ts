import { publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { useSend } from './query';

export type CallKind = 'waiter' | 'bill';

/** PUT llamar-mozo/{token}/ (floor, anonymous): call the waiter, or ask for the bill. */
export function callWaiter(token: string, kind: CallKind): Promise<unknown> {
  return unwrap(publicApi.PUT('/api/llamar-mozo/{token}/', { params: { path: { token } }, body: { kind } }));
}

export const useCallWaiter = (token: string) => useSend(dinerKeys.send('call', token), (kind: CallKind) => callWaiter(token, kind));
