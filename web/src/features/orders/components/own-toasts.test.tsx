import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { FakeStaffSocket, liveMessage, playStaffSocket } from '@/features/notifications/testing/fake-socket';
import * as toasts from '@/lib/notify';
import { queryClient } from '@/lib/query';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { boardServer, line, place } from '../testing/board-server';

/**
 * Staff toasts do not echo the acting tablet's own change back to it: the tablet that charged M1
 * tells the payment once, in its own words, and not again in the live messages the payment causes
 * (the payment itself, floor answering the table's bill request), which would cover its open
 * dialog. The loop is the real one: the payment call names the tab (X-Client-Id), the messages come
 * back naming the screen that caused them (`origin`), and the bell leaves those out. Another
 * tablet's payment still toasts here.
 */
const R = 7;
let seq = 300;

playStaffSocket();

const settled = () => waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));

describe("a tablet's own changes", () => {
  it('the tablet that charged M1 gets the payment message once, its own; another tablet\'s payment still toasts', async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    const fake = boardServer({
      places: [place(1, 'M1', { call_waiter: true, call_kind: 'bill' }), place(2, 'M2')],
      lines: [line(1, 1, '4', { can_pay: true }), line(2, 1, '4', { can_pay: true })],
    });
    // which screen each payment call named (falls through to the fake ordering, which answers it)
    const screens: (string | null)[] = [];
    server.use(
      http.post('*/api/pagar-orden/*', ({ request }) => {
        screens.push(request.headers.get('X-Client-Id'));
      }),
      ...fake.handlers,
    );
    renderApp('/ordenes', { as: 'operator' });
    await screen.findByTestId('table-M1');
    await waitFor(() => expect(FakeStaffSocket.all.filter((s) => !s.closed)).toHaveLength(1));
    FakeStaffSocket.last.ready(R);
    await settled();

    await user.click(screen.getByTestId('table-M1'));
    const table = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    await within(table).findAllByRole('row');
    await settled();
    await user.click(within(table).getByRole('button', { name: 'Cobrar mesa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar la mesa M1' });
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('success', 'Pago registrado: la mesa quedó libre', { title: 'Pago' }));
    await settled();
    expect(screens).toHaveLength(1);
    const me = screens[0];
    expect(me).toMatch(/^[A-Za-z0-9-]{8,64}$/);

    // what notifications sends every tablet for that payment, naming the screen that made it
    const echo = { from_admin: true, origin: me };
    FakeStaffSocket.last.frame({
      ...liveMessage('payment_recorded', { id: ++seq, restaurant: R, place: 1, lines: [{ id: 1, status: null, version: 2 }, { id: 2, status: null, version: 2 }], msg: 'M1: pago de $ 3.000,00 en efectivo' }),
      ...echo,
    });
    FakeStaffSocket.last.frame({ ...liveMessage('waiter_call_cleared', { id: ++seq, restaurant: R, place: 1, msg: 'Mozo enviado a M1' }), ...echo });
    await settled();
    expect(shown.mock.calls.filter(([kind]) => kind !== 'success')).toEqual([]);
    expect(shown.mock.calls.filter(([kind]) => kind === 'success')).toHaveLength(1);
    expect(screen.queryByText('M1: pago de $ 3.000,00 en efectivo')).not.toBeInTheDocument();
    expect(screen.queryByText('Mozo enviado a M1')).not.toBeInTheDocument();

    // another tablet charges M2: this one hears it
    FakeStaffSocket.last.frame({
      ...liveMessage('payment_recorded', { id: ++seq, restaurant: R, place: 2, msg: 'M2: pago de $ 1.500,00 con débito' }),
      from_admin: true,
      origin: 'other-tablet-0001',
    });
    expect(await screen.findByText('M2: pago de $ 1.500,00 con débito')).toBeInTheDocument();
    expect(shown).toHaveBeenCalledWith('info', 'M2: pago de $ 1.500,00 con débito');
  });
});
