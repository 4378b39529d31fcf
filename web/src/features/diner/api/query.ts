import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Middleware } from 'openapi-fetch';
import { queryClient } from '@/lib/query';
import { takeStarted } from './first-request';

/**
 * The diner's side of the one query layer (lib/query.tsx), through the one client's `publicApi`
 * (lib/api-client.ts). A diner's read is read again when a live message names it (`refresh`), not
 * when a screen mounts again or on a timer; one that fails says so at once, and the screen offers
 * to try again, rather than retrying by itself; and a phone that thinks it is offline still asks
 * (a send it cannot make says so, instead of waiting for the network).
 */
export const dinerReads = { staleTime: Infinity, retry: false, retryOnMount: false, networkMode: 'always' } as const;

/**
 * The answer `menus.html` started early for this read (first-request.ts), taken once, as the
 * client's own answer: a refetch, or an early request that failed, asks the server.
 */
export const firstRequest: Middleware = {
  async onRequest({ request }) {
    if (request.method !== 'GET') return undefined;
    const url = new URL(request.url);
    return (await takeStarted(url.pathname + url.search)) ?? undefined;
  },
};

/**
 * Reads again every diner query under `queryKey` (a live message, or an answer, says it changed).
 * A read already out may have been answered before the change: it is dropped (its request
 * aborted) and asked again, so the answer the screen keeps is never older than the change.
 */
export async function refresh(queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/**
 * A send (a mutation; callers decide what its success changes), and `isBusy()`: whether one with
 * this key is out, known at once, so a double tap's second tap sends nothing even before the
 * screen shows the first one pending.
 */
export function useSend<A, R>(mutationKey: QueryKey, mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const mutation = useMutation({ mutationKey, mutationFn, networkMode: 'always' });
  return { ...mutation, isBusy: () => client.isMutating({ mutationKey }) > 0 };
}
