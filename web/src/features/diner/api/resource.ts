import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * The diner route's own small data layer instead of react-query: the phone's first load must stay
 * within 150 KiB of JavaScript (issue 13), and react-query with its provider is about 13 KiB of
 * it. What the screens need is little: one answer per key, refetch on demand (a socket message
 * invalidates by key prefix), and the pending state of a send.
 */
type Entry<T> = { status: 'pending' | 'success' | 'error'; data?: T; error?: unknown; version: number };

const entries = new Map<string, Entry<unknown>>();
const listeners = new Set<() => void>();
const fetchers = new Map<string, () => Promise<unknown>>();
const inflight = new Map<string, Promise<void>>();
/** A fetch asked for while one was in flight: it runs once that one is done (however many asked meanwhile). */
const queued = new Map<string, Promise<void>>();

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);
const emit = () => listeners.forEach((l) => l());

function load(id: string): Promise<void> {
  const running = inflight.get(id);
  if (running) {
    // the answer on its way may have been read before the change that asks again (a live message
    // about a payment, while the read after the previous message is still out): read once more
    // after it, or the screen keeps the older answer until some other message comes
    let next = queued.get(id);
    if (!next) {
      next = running.then(() => {
        queued.delete(id);
        return load(id);
      });
      queued.set(id, next);
    }
    return next;
  }
  const fetcher = fetchers.get(id);
  if (!fetcher) return Promise.resolve();
  const prev = entries.get(id);
  const job = fetcher()
    .then(
      (data) => {
        entries.set(id, { status: 'success', data, version: (prev?.version ?? 0) + 1 });
      },
      (error) => {
        // a failed refetch keeps what the screen shows; a failed first load is an error
        entries.set(id, prev?.status === 'success' ? prev : { status: 'error', error, version: (prev?.version ?? 0) + 1 });
      },
    )
    .finally(() => {
      inflight.delete(id);
      emit();
    });
  inflight.set(id, job);
  return job;
}

/** Fetch again every loaded resource whose key starts with `prefix`. */
export function invalidate(prefix: readonly unknown[]): Promise<void> {
  const start = keyOf(prefix).slice(0, -1);
  return Promise.all([...fetchers.keys()].filter((id) => id.startsWith(start)).map(load)).then(() => undefined);
}

/** Load `key` ahead of the screen that shows it (its first render then has the answer). */
export async function prefetch<T>(key: readonly unknown[], fetcher: () => Promise<T>): Promise<T | undefined> {
  const id = keyOf(key);
  if (!fetchers.has(id)) fetchers.set(id, fetcher);
  if (!entries.has(id)) await load(id);
  return entries.get(id)?.data as T | undefined;
}

/** Forget everything (tests). */
export function resetResources() {
  entries.clear();
  fetchers.clear();
  inflight.clear();
  queued.clear();
}

export type Resource<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<void>;
};

export function useResource<T>(key: readonly unknown[], fetcher: () => Promise<T>, enabled = true): Resource<T> {
  const id = keyOf(key);
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  useEffect(() => {
    if (!enabled) return;
    fetchers.set(id, () => latest.current());
    if (!entries.has(id)) void load(id);
  }, [id, enabled]);
  const entry = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => entries.get(id) as Entry<T> | undefined,
  );
  const refetch = useCallback(() => load(id), [id]);
  return {
    data: entry?.data,
    isPending: enabled && (!entry || entry.status === 'pending'),
    isError: entry?.status === 'error',
    error: entry?.error,
    refetch,
  };
}

/** A send: its pending state, and the last error. Callers decide what a success changes. */
export function useAction<A, R>(run: (args: A) => Promise<R>) {
  const [state, setState] = useState<{ isPending: boolean; variables?: A }>({ isPending: false });
  const pending = useRef(false);
  const mutateAsync = useCallback(
    async (args: A): Promise<R> => {
      pending.current = true;
      setState({ isPending: true, variables: args });
      try {
        return await run(args);
      } finally {
        pending.current = false;
        setState({ isPending: false, variables: args });
      }
    },
    [run],
  );
  return { ...state, mutateAsync, isBusy: () => pending.current };
}
