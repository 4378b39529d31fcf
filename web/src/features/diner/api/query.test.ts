import { useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import QueryProvider from '@/lib/query';
import { dinerReads, refresh, useSend } from './query';

/** A fetcher whose answers the test gives, one per call, in order; each call's abort signal is kept. */
function answers() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void; signal: AbortSignal }[] = [];
  const fetcher = ({ signal }: { signal: AbortSignal }) => new Promise<string>((resolve, reject) => pending.push({ resolve, reject, signal }));
  return {
    fetcher,
    calls: () => pending.length,
    signal: (n: number) => pending[n].signal,
    answer: (n: number, value: string) => act(async () => pending[n].resolve(value)),
    fail: (n: number) => act(async () => pending[n].reject(new Error('offline'))),
  };
}

/** The query layer tells the screen on its next tick. */
const settled = () => act(() => new Promise((r) => setTimeout(r, 20)));

/** What a screen reads of a query (each read, so each change draws again). */
function useRead(key: readonly unknown[], fetcher: ReturnType<typeof answers>['fetcher']) {
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: fetcher, ...dinerReads });
  return { data, isPending, isError };
}

const wrapper = QueryProvider;

describe("the diner's reads in the one query layer", () => {
  it('a refresh asked for while a read is out drops that read (aborted) and reads again: the newer answer wins', async () => {
    const server = answers();
    const { result } = renderHook(() => useRead(['diner', 'tab', 'tok'], server.fetcher), { wrapper });
    await waitFor(() => expect(server.calls()).toBe(1));
    await server.answer(0, 'first');
    await waitFor(() => expect(result.current.data).toBe('first'));

    // a live message asks again; while that read is out, a payment closes the tab and asks again
    void refresh(['diner', 'tab']);
    await waitFor(() => expect(server.calls()).toBe(2));
    const asked = refresh(['diner', 'tab']);
    await waitFor(() => expect(server.calls()).toBe(3));
    expect(server.signal(1).aborted).toBe(true);
    // the read that was out answers what it read before the payment: the screen never shows it
    await server.answer(1, 'before the payment');
    await settled();
    expect(result.current.data).toBe('first');
    await server.answer(2, 'after the payment');
    await act(() => asked);
    await waitFor(() => expect(result.current.data).toBe('after the payment'));
    expect(server.calls()).toBe(3);
  });

  it('a refresh during the first read reads again too: that answer may predate the change', async () => {
    const server = answers();
    const { result } = renderHook(() => useRead(['diner', 'tab', 'tok'], server.fetcher), { wrapper });
    await waitFor(() => expect(server.calls()).toBe(1));
    void refresh(['diner', 'tab', 'tok']);
    await waitFor(() => expect(server.calls()).toBe(2));
    await server.answer(0, 'before');
    await settled();
    expect(result.current.isPending).toBe(true);
    await server.answer(1, 'after');
    await waitFor(() => expect(result.current.data).toBe('after'));
  });

  it('a refresh with no read out reads at once, only what its key names', async () => {
    const tab = answers();
    const pay = answers();
    const { result } = renderHook(() => [useRead(['diner', 'tab', 'tok'], tab.fetcher), useRead(['diner', 'pay', 'tok'], pay.fetcher)] as const, { wrapper });
    await waitFor(() => expect(pay.calls()).toBe(1));
    await pay.answer(0, 'open');
    await tab.answer(0, 'tab');
    void refresh(['diner', 'pay']);
    await waitFor(() => expect(pay.calls()).toBe(2));
    await pay.answer(1, 'paid');
    await waitFor(() => expect(result.current[1].data).toBe('paid'));
    expect(tab.calls()).toBe(1);
  });

  it('a first read that fails is an error at once (no retry); a read again that fails keeps what the screen shows', async () => {
    const failing = answers();
    const first = renderHook(() => useRead(['diner', 'menu', 1], failing.fetcher), { wrapper });
    await waitFor(() => expect(failing.calls()).toBe(1));
    await failing.fail(0);
    await waitFor(() => expect(first.result.current.isError).toBe(true));
    expect(failing.calls()).toBe(1);

    const server = answers();
    const { result } = renderHook(() => useRead(['diner', 'menu', 2], server.fetcher), { wrapper });
    await waitFor(() => expect(server.calls()).toBe(1));
    await server.answer(0, 'menu');
    await waitFor(() => expect(result.current.data).toBe('menu'));
    void refresh(['diner', 'menu', 2]);
    await waitFor(() => expect(server.calls()).toBe(2));
    await server.fail(1);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBe('menu');
  });

  it('a screen shown again reads nothing: what changes comes by its live message', async () => {
    const server = answers();
    const first = renderHook(() => useRead(['diner', 'place', 'tok'], server.fetcher), { wrapper });
    await waitFor(() => expect(server.calls()).toBe(1));
    await server.answer(0, 'M1');
    await waitFor(() => expect(first.result.current.data).toBe('M1'));
    first.unmount();
    const again = renderHook(() => useRead(['diner', 'place', 'tok'], server.fetcher), { wrapper });
    expect(again.result.current.data).toBe('M1');
    await settled();
    expect(server.calls()).toBe(1);
  });
});

describe("the diner's sends", () => {
  it('isBusy says at once that a send is out (a double tap sends once); the answer or the error comes back to the caller', async () => {
    const server = answers();
    const { result } = renderHook(() => useSend(['diner', 'send', 'order', 'tok'], (name: string) => server.fetcher({ signal: new AbortController().signal }).then((v) => `${name}:${v}`)), { wrapper });
    expect(result.current.isBusy()).toBe(false);
    let sent!: Promise<string>;
    act(() => {
      sent = result.current.mutateAsync('Ana');
    });
    expect(result.current.isBusy()).toBe(true);
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(server.calls()).toBe(1);
    expect(result.current.variables).toBe('Ana');
    await server.answer(0, 'order 51');
    await expect(sent).resolves.toBe('Ana:order 51');
    expect(result.current.isBusy()).toBe(false);

    let refused!: Promise<unknown>;
    act(() => {
      refused = result.current.mutateAsync('Beto').catch((e: unknown) => e);
    });
    await waitFor(() => expect(server.calls()).toBe(2));
    await server.fail(1);
    expect(await refused).toEqual(new Error('offline'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.isBusy()).toBe(false);
  });
});
