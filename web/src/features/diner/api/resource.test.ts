import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { invalidate, resetResources, useResource } from './resource';

/** A fetcher whose answers the test gives, one per call, in order. */
function answers() {
  const pending: ((value: string) => void)[] = [];
  const fetcher = () => new Promise<string>((resolve) => pending.push(resolve));
  return { fetcher, calls: () => pending.length, answer: (n: number, value: string) => act(() => pending[n](value)) };
}

beforeEach(() => resetResources());

describe("the diner's data layer", () => {
  it('a refetch asked for while a read is out reads once more after it: the newer answer wins', async () => {
    const server = answers();
    const { result } = renderHook(() => useResource(['tab', 'tok'], server.fetcher));
    await waitFor(() => expect(server.calls()).toBe(1));
    await server.answer(0, 'first');
    expect(result.current.data).toBe('first');

    // a live message asks again; while that read is out, a payment closes the tab and asks again twice
    void invalidate(['tab']);
    await waitFor(() => expect(server.calls()).toBe(2));
    const asked = invalidate(['tab']);
    void invalidate(['tab']);
    // the read that was out answers what it read before the payment
    await server.answer(1, 'before the payment');
    expect(result.current.data).toBe('before the payment');
    // one more read (not two), and its answer is what the screen keeps
    await waitFor(() => expect(server.calls()).toBe(3));
    await server.answer(2, 'after the payment');
    await act(() => asked);
    expect(result.current.data).toBe('after the payment');
    expect(server.calls()).toBe(3);
  });

  it('a refetch with no read out reads at once', async () => {
    const server = answers();
    const { result } = renderHook(() => useResource(['pay', 'tok'], server.fetcher));
    await waitFor(() => expect(server.calls()).toBe(1));
    await server.answer(0, 'open');
    void invalidate(['pay']);
    expect(server.calls()).toBe(2);
    await server.answer(1, 'paid');
    expect(result.current.data).toBe('paid');
  });
});
