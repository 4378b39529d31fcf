import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeStaffSocket } from '@/features/notifications/testing/fake-socket';
import * as sound from '@/lib/sound';
import { RESTAURANT, delivery, deliveryMessage, line } from '../testing/delivery-server';
import { withDeliveryScreen } from '../testing/delivery-screen';

/**
 * /delivery (spec part 2 §2 'Delivery and takeaway screen'), rendered from the real routes with a
 * fake ordering, catalog and floor (MSW) and a fake staff socket: the list, its filter and legend,
 * live arrivals with their sound at one request each, status moves one by one and in bulk with
 * the spec's confirmation and refusals, tickets, the takeaway QR, and the counter payments.
 */
const run = withDeliveryScreen();
const { settled, row, notes, openScreen } = run;
let seq = 100;

/** Plays a live message; answers what the screen asked for it, once settled. */
async function heard(message: Parameters<typeof deliveryMessage>, until: () => void = () => {}): Promise<string[]> {
  const from = run.fake.calls.length;
  FakeStaffSocket.last.frame(deliveryMessage(...message));
  await waitFor(until);
  await settled();
  return run.fake.requests(from);
}

describe('/delivery: the list', () => {
  it('lists the orders, newest first, 10 a page, with number, time, type, who and where, dishes, total and status', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => delivery(i + 1));
    rows[11] = delivery(12, { type_delivery: 2, address: '', cash_amount: '5000.00', contact_info: { name: 'Ana Pérez', phone: '1122334455' } }, [
      line(120, 12, '2', { extra_commentary: 'sin comino' }),
      line(121, 12, '3', { dish_name: 'Flan', quantity: 1 }),
    ]);
    await openScreen({ deliveries: rows });
    const first = row('100012');
    expect(within(first).getByText('#100012')).toBeVisible();
    expect(within(first).getByText('Take away')).toBeVisible();
    expect(within(first).getByText('Ana Pérez')).toBeVisible();
    expect(within(first).getByText('2 x Empanada (sin comino)')).toBeVisible();
    expect(within(first).getByText('1 x Flan')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(first).getByText(/Paga con .*5\.000,00/)).toBeVisible();
    expect(within(first).getByTestId('delivery-status')).toHaveTextContent('Aceptado');
    expect(within(row('100011')).getByTestId('delivery-address')).toHaveTextContent('Av. Santa Fe 1011, CABA');
    expect(screen.getAllByTestId(/^delivery-1000/)).toHaveLength(10);
    const list = run.fake.calls.find((c) => c.path === '/api/delivery/')!;
    expect(list.query).toMatchObject({ fk_resto: String(RESTAURANT), page: '1', size: '10' });
    expect(list.query).not.toHaveProperty('status_delivery');
    expect(screen.getByTestId('table-count')).toHaveTextContent('12 resultados');
  });

  it('filters by status, and shows the colour legend of the statuses an order can reach (not closing, not on the way)', async () => {
    await openScreen({ deliveries: [delivery(1), delivery(2, {}, [line(20, 2, '2')])] });
    expect(screen.getByRole('list', { name: 'Referencias de estado' })).toHaveTextContent(/Nuevo.*Aceptado.*Rechazado.*Entregado.*Pagado$/);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Aceptado');
    await waitFor(() => expect(screen.queryByTestId('delivery-100001')).toBeNull());
    expect(row('100002')).toBeVisible();
    expect(run.fake.calls.at(-1)?.query.status_delivery).toBe('2');
  });

  it('says so when there are none', async () => {
    await openScreen({ deliveries: [] });
    expect(await screen.findByTestId('delivery-empty')).toHaveTextContent('No hay pedidos de delivery o take away.');
  });
});

describe('/delivery: live, no polling', () => {
  it('a new delivery from a diner rings and appears at the top, for one request', async () => {
    const play = vi.spyOn(sound, 'playNotificationSound').mockReturnValue(true);
    await openScreen();
    const arrived = delivery(2, { type_delivery: 2, admin: false, contact_info: { name: 'Beto', phone: '' } });
    run.fake.deliveries.push(arrived);
    const asked = await heard(['new_delivery', arrived, { id: ++seq }], () => expect(row('100002')).toBeVisible());
    expect(asked).toEqual(['GET /api/delivery/']);
    expect(play).toHaveBeenCalledWith('new-order');
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId(/^delivery-1000/).map((r) => r.dataset.testid)).toEqual(['delivery-100002', 'delivery-100001']);
  });

  it('a new delivery costs nothing on a page that cannot show it (another status)', async () => {
    await openScreen({ deliveries: [delivery(1, {}, [line(10, 1, '2')])] });
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Aceptado');
    await settled();
    const arrived = delivery(2);
    run.fake.deliveries.push(arrived);
    expect(await heard(['new_delivery', arrived, { id: ++seq }])).toEqual([]);
  });

  it("another tablet's move reads that delivery alone on 'All', and the page when it is filtered", async () => {
    await openScreen({ deliveries: [delivery(1), delivery(2)] });
    const moved = run.fake.deliveries[0];
    Object.assign(moved.ordenes[0], { status: '2', version: 2 });
    Object.assign(moved, { status: '2', delivery_status: '2' });
    let asked = await heard(['order_status', moved, { id: ++seq }], () => expect(within(row('100001')).getByTestId('delivery-status')).toHaveTextContent('Aceptado'));
    expect(asked).toEqual(['GET /api/delivery/1/']);

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Aceptado');
    await settled();
    Object.assign(moved.ordenes[0], { status: '4', version: 3 });
    Object.assign(moved, { status: '4', delivery_status: '4' });
    asked = await heard(['order_status', moved, { id: ++seq }], () => expect(screen.queryByTestId('delivery-100001')).toBeNull());
    expect(asked).toEqual(['GET /api/delivery/']);
  });

  it("another tablet's contact edit shows, for one request; a message of another restaurant costs nothing", async () => {
    await openScreen();
    Object.assign(run.fake.deliveries[0], { address: 'Corrientes 1234, piso 2' });
    const asked = await heard(['delivery_changed', run.fake.deliveries[0], { id: ++seq, fields: ['address'] }], () =>
      expect(within(row('100001')).getByTestId('delivery-address')).toHaveTextContent('Corrientes 1234, piso 2'),
    );
    expect(asked).toEqual(['GET /api/delivery/1/']);
    const other = deliveryMessage('new_delivery', delivery(5), { id: ++seq });
    const from = run.fake.calls.length;
    FakeStaffSocket.last.frame({ ...other, fk_resto: 99, changed: { ...other.changed, fk_resto: 99 } });
    await settled();
    expect(run.fake.requests(from)).toEqual([]);
  });

  it('a reconnection reads the page again once', async () => {
    await openScreen();
    const from = run.fake.calls.length;
    FakeStaffSocket.last.drop(1006);
    await new Promise((r) => setTimeout(r, 1100));
    await waitFor(() => expect(FakeStaffSocket.all.filter((s) => !s.closed).length).toBeGreaterThan(0));
    FakeStaffSocket.last.ready(RESTAURANT, 200, true);
    await settled();
    expect(run.fake.requests(from)).toEqual(['GET /api/delivery/']);
  });
});

describe('/delivery: status moves', () => {
  it("one order's move goes through the delivery bulk update with its lines' versions; the tablet reads once and its echo costs nothing", async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(1, {}, [line(10, 1, '1'), line(11, 1, '1', { dish_name: 'Flan' })])] });
    let from = run.fake.calls.length;
    await user.click(within(row('100001')).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(within(row('100001')).getByTestId('delivery-status')).toHaveTextContent('Aceptado'));
    await settled();
    expect(run.fake.requests(from)).toEqual(['POST /api/ordenes/update-all/', 'GET /api/delivery/1/']);
    expect(run.fake.calls[from].body).toEqual({ pk_resto: RESTAURANT, delivery: true, lines: [{ pk: 10, status: '2', version: 1 }, { pk: 11, status: '2', version: 1 }] });
    expect(notes()).toContain('success: Se actualizaron 2 platos.');
    from = run.fake.calls.length;
    expect(await heard(['order_status', run.fake.deliveries[0], { id: ++seq }])).toEqual([]);

    await user.click(within(row('100001')).getByRole('button', { name: 'Entregar' }));
    await waitFor(() => expect(within(row('100001')).getByTestId('delivery-status')).toHaveTextContent('Entregado'));
    expect((run.fake.calls.find((c, i) => i >= from && c.path === '/api/ordenes/update-all/')!.body as { lines: { status: string }[] }).lines.map((l) => l.status)).toEqual(['4', '4']);
  });

  it('reject asks first, and is not offered once delivered', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(1), delivery(2, {}, [line(20, 2, '4')])] });
    expect(within(row('100002')).getByRole('button', { name: 'Rechazar el pedido #100002' })).toBeDisabled();
    await user.click(within(row('100001')).getByRole('button', { name: 'Rechazar el pedido #100001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rechazar' });
    expect(within(confirm).getByText(/¿Rechazar el pedido\?/)).toBeVisible();
    expect(run.fake.requests().filter((r) => r.startsWith('POST'))).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(within(row('100001')).getByTestId('delivery-status')).toHaveTextContent('Rechazado'));
    expect((run.fake.calls.find((c) => c.path === '/api/ordenes/update-all/')!.body as { lines: unknown[] }).lines).toEqual([{ pk: 10, status: '3', version: 1 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechazar' })).toBeNull());
  });

  it('in bulk: the selected orders in one update, read once; nothing selected, or none that can move, is said', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(1, {}, [line(10, 1, '2')]), delivery(2, {}, [line(20, 2, '2')]), delivery(3, {}, [line(30, 3, '1')])] });
    const bulk = screen.getByRole('toolbar', { name: 'Acciones sobre los pedidos seleccionados' });
    await user.click(within(bulk).getByRole('button', { name: 'Entregar' }));
    expect(notes()).toContain('error: Seleccioná al menos un pedido.');

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar el pedido #100001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar el pedido #100002' }));
    expect(within(bulk).getByText('2 pedidos seleccionados')).toBeVisible();
    const from = run.fake.calls.length;
    await user.click(within(bulk).getByRole('button', { name: 'Entregar' }));
    await waitFor(() => expect(within(row('100002')).getByTestId('delivery-status')).toHaveTextContent('Entregado'));
    await settled();
    expect(run.fake.requests(from)).toEqual(['POST /api/ordenes/update-all/', 'GET /api/delivery/']);
    expect((run.fake.calls[from].body as { lines: { pk: number }[] }).lines.map((l) => l.pk)).toEqual([20, 10]);
    expect(within(bulk).getByText('Ningún pedido seleccionado')).toBeVisible();

    // a new order cannot be delivered: the server leaves it, and the screen says none moved
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar el pedido #100003' }));
    await user.click(within(bulk).getByRole('button', { name: 'Entregar' }));
    await waitFor(() => expect(notes()).toContain('warning: Ninguno de los pedidos elegidos puede pasar a Entregado.'));
    expect(within(row('100003')).getByTestId('delivery-status')).toHaveTextContent('Nuevo');
  });

  it("the server's refusals: another tablet first (409) is a warning and the page is read again; any other, its text", async () => {
    const user = userEvent.setup();
    await openScreen();
    run.fake.refuse['POST /api/ordenes/update-all/'] = { status: 409, body: { detail: 'La orden cambió mientras tanto.', code: 'changed_meanwhile' } };
    const from = run.fake.calls.length;
    await user.click(within(row('100001')).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(run.notify).toHaveBeenCalledWith('error', 'Otro dispositivo cambió el pedido antes: se muestra como está ahora.', expect.objectContaining({ autoClose: 5000 })));
    await settled();
    expect(run.fake.requests(from)).toEqual(['POST /api/ordenes/update-all/', 'GET /api/delivery/']);

    run.fake.refuse['POST /api/ordenes/update-all/'] = { status: 400, body: { detail: 'No se puede pasar de Nuevo a Entregado.', code: 'illegal_transition' } };
    await user.click(within(row('100001')).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(run.notify).toHaveBeenCalledWith('error', 'No se puede pasar de Nuevo a Entregado.', expect.objectContaining({ title: 'No se pudo actualizar el pedido' })));
  });
});

describe('/delivery: tickets, the takeaway QR, payments', () => {
  it('prints the chosen orders on 85 mm tickets; printing with nothing selected is an error', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(1, { details: 'Timbre 2B', cash_amount: '10000.00' }, [line(10, 1, '2', { extra_commentary: 'bien cocidas' }), line(11, 1, '3', { dish_name: 'Flan', quantity: 1 })])] });
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Imprimir tickets' }));
    expect(notes()).toContain('error: No hay nada seleccionado para imprimir.');

    await user.click(within(row('100001')).getByRole('button', { name: 'Imprimir el ticket del pedido #100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir ticket' });
    // the rejected dish is left off at first
    expect(within(dialog).getByRole('checkbox', { name: '1 × Flan' })).not.toBeChecked();
    const ticket = screen.getByTestId('ticket-print');
    expect(ticket).toHaveTextContent(/La Esquina.*Pedido #100001.*Delivery.*Cliente 1.*Tel\.: 1155554444.*Av\. Santa Fe 1001, CABA.*2 x Empanada.*bien cocidas.*Total.*3\.000,00.*Paga con.*10\.000,00.*Timbre 2B/);
    expect(ticket).not.toHaveTextContent('Flan');

    await user.click(within(dialog).getByRole('checkbox', { name: '2 × Empanada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    expect(print).not.toHaveBeenCalled();
    expect(run.notify).toHaveBeenCalledWith('error', 'No hay nada seleccionado para imprimir.', expect.anything());
    await user.click(within(dialog).getByRole('checkbox', { name: '2 × Empanada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("shows the delivery menu's QR and its copyable public link", async () => {
    const user = userEvent.setup(); // puts its own clipboard in place
    await openScreen();
    const share = screen.getByTestId('takeaway-share');
    expect(within(share).getByRole('textbox', { name: 'Enlace del menú de delivery' })).toHaveValue(`${window.location.origin}/menus?menu=1`);
    await waitFor(() => expect(within(share).getByRole('img', { name: 'Código QR del menú Carta' })).toBeVisible());
    expect(run.fake.calls.find((c) => c.path === '/api/qr/menu/1/')?.query).toEqual({ format: 'png' });
    await user.click(within(share).getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/menus?menu=1`);
    await waitFor(() => expect(notes()).toContain('success: Enlace copiado.'));
  });

  it('without a delivery menu: the notice sends the user to the Menus section, and no phone order can be taken', async () => {
    await openScreen({ deliveryMenu: false });
    const notice = screen.getByTestId('no-delivery-menu');
    expect(notice).toHaveTextContent('El restaurante no tiene un menú de delivery. Elegí uno en la sección Menús');
    expect(within(notice).getByRole('link', { name: 'Ir a Menús' })).toHaveAttribute('href', '/menu');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Nuevo pedido' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(run.fake.requests().some((r) => r.includes('/api/qr/'))).toBe(false);
  });
});

describe('/delivery: paying at the counter', () => {
  const payCalls = () => run.fake.calls.filter((c) => c.path.startsWith('/api/pagar-orden/'));

  it("'pay' is offered while an order has a dish accepted or delivered; it charges them in one bulk payment with an Idempotency-Key", async () => {
    const user = userEvent.setup();
    await openScreen({
      deliveries: [
        delivery(1),
        delivery(2, {}, [line(20, 2, '4'), line(21, 2, '3', { dish_name: 'Flan', quantity: 1 })]),
        delivery(3, {}, [line(30, 3, '6', { cash: true, status_pay: 'paid' })]),
      ],
    });
    const payOf = (n: string) => within(row(n)).getByRole('button', { name: `Cobrar el pedido #${n}` });
    // new, paid in cash: nothing to charge (spec part 2 §4)
    expect(['100001', '100002', '100003'].map((n) => payOf(n).hasAttribute('disabled'))).toEqual([true, false, true]);

    await user.click(payOf('100002'));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar el pedido #100002' });
    // the rejected dish is not charged
    expect(within(dialog).getByTestId('pay-total')).toHaveTextContent(/Órdenes: 1 · Total: \$\s?3\.000,00/);
    expect(within(dialog).getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(run.notify).toHaveBeenCalledWith('success', 'Pago registrado: no queda nada por cobrar en esos pedidos', { title: 'Pago' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = payCalls();
    expect([call.method, call.path, call.body]).toEqual(['POST', '/api/pagar-orden/recibir-varios-pagos/', { payment_orders: [20], type_pay: 'Efectivo' }]);
    expect(call.key).toMatch(/^[\w-]{8,100}$/);
    await settled();
    expect(within(row('100002')).getByTestId('delivery-status')).toHaveTextContent('Pagado');
    expect(payOf('100002')).toBeDisabled();
  });

  it("'pay all' charges every payable dish under the filter, of every page, in one payment by the method chosen", async () => {
    const user = userEvent.setup();
    const rows = [
      delivery(1, {}, [line(10, 1, '2')]),
      delivery(2, {}, [line(20, 2, '4', { quantity: 1 }), line(21, 2, '1')]),
      ...Array.from({ length: 10 }, (_, i) => delivery(i + 3)),
    ];
    await openScreen({ deliveries: rows });
    expect(screen.queryByTestId('delivery-100001')).toBeNull(); // on the second page
    const from = run.fake.calls.length;
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Cobrar todo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar 2 pedidos' });
    const read = run.fake.calls.slice(from).find((c) => c.path === '/api/delivery/ordenes/')!;
    expect(read.query).toEqual({ fk_resto: String(RESTAURANT), paginate: 'false' });
    expect(within(dialog).getByTestId('pay-total')).toHaveTextContent(/Órdenes: 2 · Total: \$\s?4\.500,00/);
    await user.click(within(dialog).getByRole('radio', { name: 'Débito' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    // the new dish of order 2 is still open
    await waitFor(() => expect(run.notify).toHaveBeenCalledWith('success', 'Pago registrado; queda 1 plato abierto en esos pedidos', { title: 'Pago' }));
    expect(payCalls().map((c) => c.body)).toEqual([{ payment_orders: [10, 20], type_pay: 'Debito' }]);
  });

  it("'pay all' with nothing to pay says so, and when only new orders wait, to accept them first; under the filter shown", async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(1), delivery(2, {}, [line(20, 2, '6', { status_pay: 'paid' })])] });
    const payAll = () => user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Cobrar todo' }));
    await payAll();
    await waitFor(() => expect(notes()).toContain('warning: No hay órdenes para cobrar: los pedidos nuevos deben aceptarse antes de cobrarlos.'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Pagado');
    await settled();
    await payAll();
    await waitFor(() => expect(notes()).toContain('warning: No hay órdenes para cobrar.'));
    expect(run.fake.calls.filter((c) => c.path === '/api/delivery/ordenes/').at(-1)!.query).toMatchObject({ status_delivery: '6' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(payCalls()).toEqual([]);
  });

  it("208: another tablet charged it first; the server's words, nothing charged, and the page read again", async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(2, {}, [line(20, 2, '4')])] });
    run.fake.refuse['POST /api/pagar-orden/recibir-varios-pagos/'] = { status: 208, body: { detail: 'La orden 20 ya está pagada.', code: 'line_final' } };
    await user.click(within(row('100002')).getByRole('button', { name: 'Cobrar el pedido #100002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar el pedido #100002' });
    const from = run.fake.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(notes()).toContain('error: La orden 20 ya está pagada.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await settled();
    expect(run.fake.requests(from)).toEqual(['POST /api/pagar-orden/recibir-varios-pagos/', 'GET /api/delivery/']);
  });

  it('in English: the buttons, the dialog and the messages', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(1), delivery(2, {}, [line(20, 2, '2')])] }, { as: 'owner', locale: 'en' });
    await user.click(within(row('100002')).getByRole('button', { name: 'Charge order #100002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge order #100002' });
    expect(within(dialog).getByTestId('pay-total')).toHaveTextContent(/Orders: 1 · Total: \$\s?3,000\.00/);
    await user.click(within(dialog).getByRole('radio', { name: 'Credit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Charge' }));
    await waitFor(() => expect(run.notify).toHaveBeenCalledWith('success', 'Payment recorded: nothing is left to charge on those orders', { title: 'Payment' }));
    await settled();
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Charge all' }));
    await waitFor(() => expect(notes()).toContain('warning: No orders to pay: new orders must be accepted before they are charged.'));
  });
});
