import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { FakeStaffSocket, playStaffSocket } from '@/features/notifications/testing/fake-socket';
import * as toasts from '@/lib/notify';
import { queryClient } from '@/lib/query';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { RESTAURANT, deliveryServer } from './delivery-server';

/**
 * The delivery screen's tests' setup, for a test file to call once at its top: a fake staff
 * socket, notifications caught (`notify`, `notes()`), and StartResto at the delivery screen. The
 * returned object holds the running test's fake server (`fake`, set by `openScreen`) and spy.
 */
export function withDeliveryScreen() {
  const run = {} as { fake: ReturnType<typeof deliveryServer>; notify: MockInstance<typeof toasts.notify> };

  playStaffSocket();
  beforeEach(() => {
    run.notify = vi.spyOn(toasts, 'notify').mockImplementation(() => {});
    localStorage.setItem('StartResto', '2');
  });
  afterEach(() => vi.restoreAllMocks());

  const settled = () => waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));

  /** The screen as an operator (or `as`) opens it, its socket ready and the reads that follow done. */
  async function openScreen(
    opts: Parameters<typeof deliveryServer>[0] = {},
    { as = 'operator', locale = 'es' }: { as?: 'operator' | 'owner'; locale?: 'es' | 'en' } = {},
  ) {
    run.fake = deliveryServer(opts);
    server.use(...run.fake.handlers);
    renderApp('/delivery', { as, locale });
    act(() => selectedRestaurantStore.select({ id_resto: RESTAURANT, nombre_local: 'La Esquina' }));
    await waitFor(() => expect(screen.queryByTestId('delivery-table') ?? screen.queryByTestId('delivery-empty')).not.toBeNull());
    await waitFor(() => expect(FakeStaffSocket.all.filter((s) => !s.closed)).toHaveLength(1));
    FakeStaffSocket.last.ready(RESTAURANT);
    expect(JSON.parse(FakeStaffSocket.last.sent[0])).toMatchObject({ type: 'auth', fk_resto: RESTAURANT });
    await settled();
  }

  return Object.assign(run, {
    settled,
    openScreen,
    row: (number: string) => screen.getByTestId(`delivery-${number}`),
    notes: () => run.notify.mock.calls.map((c) => `${c[0]}: ${c[1]}`),
  });
}
