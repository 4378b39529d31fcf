import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeStaffSocket, liveMessage, playStaffSocket } from '@/features/notifications/testing/fake-socket';
import * as toasts from '@/lib/notify';
import { queryClient } from '@/lib/query';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { latePoll } from '../live';
import { boardServer, line, place } from '../testing/board-server';

/**
 * /ordenes, the staff board (spec part 2 §2 'Orders screen'), rendered from the real routes with
 * a fake ordering and floor (MSW) and a fake staff socket. Each live message must cost at most one
 * request, to the one resource it names; the tablet that acted does not fetch again for its echo.
 */
const R = 7;
let fake: ReturnType<typeof boardServer>;

playStaffSocket();

const settled = () => waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
const tile = (name: string) => screen.getByTestId(`table-${name}`);
let seq = 100;

/** The board as an operator opens it, its socket ready (and the reads that follow done). */
async function openBoard(opts: Parameters<typeof boardServer>[0] = {}, as: 'operator' | 'owner' = 'operator') {
  fake = boardServer(opts);
  server.use(...fake.handlers);
  renderApp('/ordenes', { as });
  await screen.findByTestId('table-M1');
  await waitFor(() => expect(FakeStaffSocket.all.filter((s) => !s.closed)).toHaveLength(1));
  FakeStaffSocket.last.ready(R);
  expect(JSON.parse(FakeStaffSocket.last.sent[0])).toMatchObject({ type: 'auth', fk_resto: R });
  await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent('En vivo'));
  await settled();
  return FakeStaffSocket.last;
}

/** Plays a live message and answers the requests the board made for it. */
async function heard(message: Parameters<typeof liveMessage>, until: () => void): Promise<string[]> {
  const from = fake.calls.length;
  FakeStaffSocket.last.frame(liveMessage(...message));
  await waitFor(until);
  await settled();
  return fake.requests(from);
}

describe('the orders board (/ordenes)', () => {
  it("draws each table in the server's display status with its counts, and floor's pending calls", async () => {
    await openBoard({
      lines: [line(1, 1, '1'), line(2, 1, '2'), line(3, 1, '3')],
      places: [place(1, 'M1'), place(2, 'M2', { call_waiter: true, call_kind: 'bill' })],
    });
    expect(tile('M1')).toHaveAttribute('data-status', '1');
    expect(within(tile('M1')).getByTestId('count-1')).toHaveTextContent('1');
    expect(within(tile('M1')).getByTestId('count-2')).toHaveTextContent('1');
    expect(tile('M2')).toHaveAttribute('data-status', 'free');
    expect(within(tile('M2')).getByTestId('bill-call')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Referencias' })).toHaveTextContent(/Libre.*Nueva.*Aceptada.*Entregada/);
  });

  it('lays the floor out as the editor does: rows of 50 px, 1 px apart, in a 700 px frame', async () => {
    await openBoard({ places: [place(1, 'M1', { x_axis: 2, y_axis: 3, w_width: 2, h_high: 1 }), place(2, 'M2')] });
    const style = tile('M1').style;
    expect([style.top, style.height]).toEqual(['154px', '50px']); // 3 × (50 + 1) + 1; one row of 50
    // (100% - 25 px) / 24 a column: x 2 is 2 columns and 3 margins in, w 2 is 2 columns and the margin between
    expect(style.left).toBe('calc(8.33333% + 0.916667px)');
    expect(style.width).toBe('calc(8.33333% - 1.08333px)');
    expect(screen.getByTestId('sketch-area').style.height).toBe('700px');
  });

  it('a new order from another tablet costs one request: the table it names, whose answer redraws its tile', async () => {
    await openBoard();
    fake.lines.push(line(1, 1, '1'));
    const asked = await heard(['new_order', { id: ++seq, restaurant: R, place: 1, lines: [{ id: 1, status: '1', version: 1 }] }], () =>
      expect(tile('M1')).toHaveAttribute('data-status', '1'),
    );
    expect(asked).toEqual(['GET /api/ordenes/mesas/1/']);
    expect(within(tile('M1')).getByTestId('count-1')).toHaveTextContent('1');
  });

  it("a waiter call and its answer cost one request each: floor's places, the one source of the bell on a table", async () => {
    await openBoard();
    fake.places[1].call_waiter = true;
    fake.places[1].call_kind = 'waiter';
    let asked = await heard(['waiter_call', { id: ++seq, restaurant: R, place: 2 }], () => expect(within(tile('M2')).getByTestId('waiter-call')).toBeInTheDocument());
    expect(asked).toEqual(['GET /api/sit/']);
    fake.places[1].call_waiter = false;
    fake.places[1].call_kind = null;
    asked = await heard(['waiter_call_cleared', { id: ++seq, restaurant: R, place: 2 }], () =>
      expect(within(tile('M2')).queryByTestId('waiter-call')).not.toBeInTheDocument(),
    );
    expect(asked).toEqual(['GET /api/sit/']);
  });

  it("messages the board does not show cost nothing: another restaurant's, a delivery without a place", async () => {
    await openBoard();
    const from = fake.calls.length;
    FakeStaffSocket.last.frame(liveMessage('new_order', { id: ++seq, restaurant: 99, place: 1, lines: [{ id: 5, status: '1', version: 1 }] }));
    FakeStaffSocket.last.frame(liveMessage('new_delivery', { id: ++seq, restaurant: R, place: null, lines: [{ id: 6, status: '1', version: 1 }] }));
    await settled();
    expect(fake.requests(from)).toEqual([]);
  });

  it('the tablet that acts reads its table once; the echo of its own action costs nothing', async () => {
    const user = userEvent.setup();
    await openBoard({ lines: [line(1, 1, '1'), line(2, 1, '1')] });
    await user.click(tile('M1'));
    const dialog = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    await within(dialog).findAllByRole('row');
    await settled();
    let from = fake.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar todas' }));
    await waitFor(() => expect(tile('M1')).toHaveAttribute('data-status', '2'));
    expect(await screen.findByText('Órdenes de M1 actualizadas')).toBeInTheDocument();
    await settled();
    expect(fake.requests(from)).toEqual(['POST /api/ordenes/mesa/1/aceptar/', 'GET /api/ordenes/mesas/1/']);
    from = fake.calls.length;
    FakeStaffSocket.last.frame(
      liveMessage('order_status', { id: ++seq, restaurant: R, place: 1, lines: [{ id: 1, status: '2', version: 2 }, { id: 2, status: '2', version: 2 }] }),
    );
    await settled();
    expect(fake.requests(from)).toEqual([]); // covered: the table read after the action shows it
  });

  it("an echo that arrives before the action's answer is the one read; the answer then costs nothing", async () => {
    const user = userEvent.setup();
    await openBoard({ lines: [line(1, 1, '1')] });
    await user.click(tile('M1'));
    const dialog = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    const accept = await within(dialog).findByRole('button', { name: 'Aceptar' });
    await settled();
    const from = fake.calls.length;
    const release = fake.hold(); // the change commits; its answer is late, its message comes first
    await user.click(accept);
    await waitFor(() => expect(fake.requests(from)).toEqual(['PUT /api/ordenes/1/']));
    FakeStaffSocket.last.frame(liveMessage('order_status', { id: ++seq, restaurant: R, place: 1, lines: [{ id: 1, status: '2', version: 2 }] }));
    await waitFor(() => expect(tile('M1')).toHaveAttribute('data-status', '2'));
    release();
    await settled();
    expect(fake.requests(from)).toEqual(['PUT /api/ordenes/1/', 'GET /api/ordenes/mesas/1/']);
    expect(await screen.findByText('Orden actualizada')).toBeInTheDocument();
    // the line's next step is now the server's 'deliver'
    expect(within(dialog).queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Entregar' })).toBeInTheDocument();
  });

  it("the table's buttons are the server's: bulk ones as it answers, reject per line, add order per the place's admin flag", async () => {
    const user = userEvent.setup();
    await openBoard({
      lines: [line(1, 1, '4'), line(2, 1, '2'), line(3, 1, '2', { cash: true })],
      places: [place(1, 'M1'), place(2, 'M2', { admin: false })],
    });
    await user.click(tile('M1'));
    let dialog = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    const rows = await within(dialog).findAllByRole('row');
    expect(within(dialog).getByRole('button', { name: 'Aceptar todas' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Entregar todas' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Rechazar todas' })).toBeEnabled();
    // delivered: nothing next, no reject; accepted: deliver, reject; paid in cash: no reject; pay as the server's can_pay says
    expect(rows.map((r) => within(r).queryAllByRole('button').map((b) => b.textContent))).toEqual([
      ['Cobrar', 'Ticket'],
      ['Entregar', 'Cobrar', 'Rechazar', 'Ticket'],
      ['Entregar', 'Cobrar', 'Ticket'],
    ]);
    expect(rows.map((r) => within(r).getByRole('button', { name: 'Cobrar' }).hasAttribute('disabled'))).toEqual([false, false, true]);
    expect(within(dialog).getByRole('button', { name: 'Agregar orden' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await user.click(tile('M2'));
    dialog = await screen.findByRole('dialog', { name: 'Órdenes de M2' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Agregar orden' })).toBeDisabled());
    expect(within(dialog).getByText('Esta mesa no admite órdenes ni comentarios del personal')).toBeInTheDocument();
  });

  it("'waiter sent' answers a table's call: floor's answer clears the bell everywhere, and its echo costs nothing", async () => {
    const user = userEvent.setup();
    await openBoard({ places: [place(1, 'M1', { call_waiter: true, call_kind: 'waiter' }), place(2, 'M2')] });
    expect(within(tile('M1')).getByTestId('waiter-call')).toBeInTheDocument();
    await user.click(tile('M1'));
    const dialog = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    await settled();
    const from = fake.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Mozo enviado' }));
    await waitFor(() => expect(within(tile('M1')).queryByTestId('waiter-call')).not.toBeInTheDocument());
    expect(within(dialog).queryByTestId('call-alert')).not.toBeInTheDocument();
    FakeStaffSocket.last.frame(liveMessage('waiter_call_cleared', { id: ++seq, restaurant: R, place: 1 }));
    await settled();
    expect(fake.requests(from)).toEqual(['POST /api/sit/1/mozo-enviado/']);
    expect(await screen.findByText('La mesa sabe que el mozo va en camino')).toBeInTheDocument();
  });

  it('adds an order within the limits the server gives, and reads the table once for it', async () => {
    const user = userEvent.setup();
    await openBoard();
    await user.click(tile('M1'));
    const dialog = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    await user.click(await within(dialog).findByRole('button', { name: 'Agregar orden' }));
    const add = await screen.findByRole('dialog', { name: 'Agregar orden: M1' });
    await user.click(await within(add).findByRole('button', { name: 'Sumar Empanada' }));
    // the place's own menu, fixed: ordering refuses another menu's dishes there
    expect(within(add).getByLabelText('Menú')).toHaveValue('Carta');
    expect(within(add).getByLabelText('Menú')).toBeDisabled();
    expect(within(add).getByText('0/100')).toBeInTheDocument(); // the comment's limit, as answered
    await settled();
    const from = fake.calls.length;
    await user.click(within(add).getByRole('button', { name: 'Enviar orden' }));
    await waitFor(() => expect(tile('M1')).toHaveAttribute('data-status', '1'));
    await settled();
    expect(fake.requests(from)).toEqual(['POST /api/ordenes/', 'GET /api/ordenes/mesas/1/']);
    const [created] = fake.lines;
    FakeStaffSocket.last.frame(liveMessage('new_order', { id: ++seq, restaurant: R, place: 1, lines: [{ id: created.id, status: '1', version: 1 }] }));
    await settled();
    expect(fake.requests(from)).toHaveLength(2); // its echo costs nothing
  });

  it('a freed table: one read, and its echo is covered once the tab is empty', async () => {
    const user = userEvent.setup();
    await openBoard({ lines: [line(1, 1, '1'), line(2, 1, '4', { can_pay: true, quantity: 2 })] });
    await user.click(tile('M1'));
    const dialog = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    await within(dialog).findAllByRole('row');
    await settled();
    const from = fake.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Liberar mesa' }));
    const confirm = await screen.findByRole('dialog', { name: 'Liberar mesa' });
    // the delivered dishes not yet charged are named before they leave the table
    expect(confirm).toHaveTextContent('Quedan 2 platos entregados sin cobrar ($ 3.000,00): dejarán la mesa y se cobran desde la lista.');
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(tile('M1')).toHaveAttribute('data-status', 'free'));
    expect(await screen.findByText('Mesa M1 liberada')).toBeInTheDocument();
    FakeStaffSocket.last.frame(liveMessage('table_freed', { id: ++seq, restaurant: R, place: 1, lines: [{ id: 1, status: null, version: null }] }));
    await settled();
    expect(fake.requests(from)).toEqual(['POST /api/ordenes/mesa/1/liberar/', 'GET /api/ordenes/mesas/1/']);
  });

  it("what the socket missed is not read message by message: 'ready' reads the board once", async () => {
    await openBoard();
    const sockets = FakeStaffSocket.all.length;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    FakeStaffSocket.last.drop(1006);
    vi.advanceTimersByTime(1000); // the first reconnection waits 1 s
    vi.useRealTimers();
    expect(FakeStaffSocket.all).toHaveLength(sockets + 1);
    const again = FakeStaffSocket.last;
    const from = fake.calls.length;
    again.onopen?.();
    fake.lines.push(line(1, 1, '1'), line(2, 2, '1'));
    for (const p of [1, 2, 1]) again.frame(liveMessage('new_order', { id: ++seq, restaurant: R, place: p, lines: [{ id: p, status: '1', version: 1 }] }));
    again.frame({ type: 'ready', last_id: seq, last_ids: { [R]: seq }, resync: false, restaurants: [R] });
    await waitFor(() => expect(tile('M2')).toHaveAttribute('data-status', '1'));
    await settled();
    expect(fake.requests(from).sort()).toEqual(['GET /api/ordenes/mesas/', 'GET /api/sit/']);
  });

  it("the list view shows 20 rows first; a message reads the page shown, once, and not the tables", async () => {
    const user = userEvent.setup();
    await openBoard({ lines: Array.from({ length: 25 }, (_, i) => line(i + 1, 1 + (i % 2), '1')) });
    await user.click(within(screen.getByTestId('view-switch')).getByText('Lista'));
    const list = await screen.findByTestId('order-list');
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(21)); // the header and 20
    expect(fake.calls.find((c) => c.path === '/api/ordenes/')?.query).toMatchObject({ size: '20', page: '1', status: '0' });
    expect(screen.getByRole('combobox', { name: 'Por página' })).toHaveValue('20');
    await settled();
    fake.move(fake.lines[0], '2');
    const asked = await heard(['order_status', { id: ++seq, restaurant: R, place: 1, lines: [{ id: 1, status: '2', version: 2 }] }], () =>
      expect(within(screen.getByTestId('line-1')).getByText('Aceptada')).toBeInTheDocument(),
    );
    expect(asked).toEqual(['GET /api/ordenes/']);
  });

  it("an order update refused for a reason the board has no words for shows the server's own detail", async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ lines: [line(1, 1, '1')] });
    fake.errors.PUT = { status: 400, body: { detail: 'La cocina está cerrada.', code: 'kitchen_closed' } };
    await user.click(within(screen.getByTestId('view-switch')).getByText('Lista'));
    await user.click(await within(await screen.findByTestId('line-1')).findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('error', 'La cocina está cerrada.'));
    fake.errors.PUT = { status: 409, body: { detail: 'Cambió.', code: 'changed_meanwhile' } };
    await user.click(within(screen.getByTestId('line-1')).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('warning', 'La orden cambió en otra tablet: se actualizó la pantalla'));
  });

  it("a late table is told once for 3 s, in the server's words; the timer runs every half of the server's wait time", async () => {
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ late: [2], wait: 10 });
    await waitFor(() => expect(shown).toHaveBeenCalledWith('warning', 'La mesa M2 lleva más tiempo del indicado', { autoClose: 3000 }));
    expect(shown.mock.calls.filter(([kind]) => kind === 'warning')).toHaveLength(1);
    expect(latePoll([{ wait_time: 10 }])).toBe(5 * 60_000);
    expect(latePoll([{ wait_time: 0 }])).toBe(false);
    expect(latePoll(undefined)).toBe(false);
  });
});
