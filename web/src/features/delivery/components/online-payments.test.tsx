import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeStaffSocket } from '@/features/notifications/testing/fake-socket';
import { delivery, deliveryMessage, line } from '../testing/delivery-server';
import { withDeliveryScreen } from '../testing/delivery-screen';

/**
 * Online payments on /delivery (issue 22; spec part 2 §4 'Payment', §8): the order's online
 * payment link (only for a restaurant linked to MercadoPago) with copy and WhatsApp, the lines an
 * online payment holds, cancelling it, and the counter payment refused for it opening the
 * rejection dialog that cancels it and charges again. The fake ordering and billing play the rules.
 */
const run = withDeliveryScreen();
const { settled, row, notes, openScreen } = run;

const ACCEPTED = () => [delivery(1), delivery(2, {}, [line(20, 2, '2'), line(21, 2, '4', { dish_name: 'Provoleta', price: '5200.00', quantity: 1 })])];

async function openDetail(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(within(row(number)).getByRole('button', { name: `Ver el detalle del pedido #${number}` }));
  return screen.findByRole('dialog', { name: `Pedido #${number}` });
}

const payCalls = () => run.fake.calls.filter((c) => c.path.startsWith('/api/pagar-orden/'));

describe("a delivery order's online payment link", () => {
  it('is not offered while the restaurant is not linked to MercadoPago', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: ACCEPTED() });
    const dialog = await openDetail(user, '100002');
    await settled();
    expect(within(dialog).queryByTestId('online-link')).toBeNull();
  });

  it('makes the link for the order, then copies it and sends it by WhatsApp to the contact', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: ACCEPTED(), linked: true });
    const dialog = await openDetail(user, '100002');
    const box = await within(dialog).findByTestId('online-link');
    expect(box).toHaveTextContent('Link de pago online');
    await user.click(within(box).getByRole('button', { name: 'Crear link de pago' }));
    const url = await within(box).findByRole('textbox', { name: 'Link de pago online' });
    expect(url).toHaveValue('https://mp.example/checkout?pref=700');
    expect(within(box).getByText(/Link listo por \$\s8\.200,00\./)).toBeVisible();
    const [call] = payCalls();
    expect([call.method, call.path, call.body]).toEqual(['POST', '/api/pagar-orden/mercadopago/delivery/', { fk_delivery: 2 }]);
    expect(call.key).toMatch(/^[\w-]{8,100}$/);

    await user.click(within(box).getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe('https://mp.example/checkout?pref=700');
    await waitFor(() => expect(notes()).toContain('success: Link de pago copiado.'));

    const wa = new URL(within(box).getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href')!);
    expect(wa.origin + wa.pathname).toBe('https://wa.me/1155554444');
    expect(wa.searchParams.get('text')?.replace(/\u00a0/g, ' ')).toBe(
      'Hola Cliente 2, podés pagar tu pedido #100002 ($ 8.200,00) con MercadoPago acá: https://mp.example/checkout?pref=700',
    );
    expect(within(box).getByRole('link', { name: 'Enviar por WhatsApp' })).toHaveAttribute('target', '_blank');

    // closed and opened again, the order's link is still there (billing lists none)
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openDetail(user, '100002');
    expect(await within(again).findByRole('textbox', { name: 'Link de pago online' })).toHaveValue('https://mp.example/checkout?pref=700');
    expect(payCalls()).toHaveLength(1);
  });

  it("without the contact's phone, WhatsApp opens its chooser (wa.me/?text=); in English", async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(3, { contact_info: { name: 'Ann', phone: '' } }, [line(30, 3, '4')])], linked: true }, { locale: 'en' });
    await user.click(within(row('100003')).getByRole('button', { name: 'See the detail of order #100003' }));
    const box = await within(await screen.findByRole('dialog', { name: 'Order #100003' })).findByTestId('online-link');
    expect(box).toHaveTextContent('Online payment link');
    await user.click(within(box).getByRole('button', { name: 'Create payment link' }));
    const wa = new URL((await within(box).findByRole('link', { name: 'Send by WhatsApp' })).getAttribute('href')!);
    expect(wa.origin + wa.pathname).toBe('https://wa.me/');
    expect(wa.searchParams.get('text')).toBe('Hi Ann, you can pay your order #100003 ($3,000.00) with MercadoPago here: https://mp.example/checkout?pref=700');
  });

  it('is off while nothing is payable (a new order), and a refusal says why; a retry keeps the Idempotency-Key', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: ACCEPTED(), linked: true });
    let dialog = await openDetail(user, '100001');
    let box = await within(dialog).findByTestId('online-link');
    expect(within(box).getByRole('button', { name: 'Crear link de pago' })).toBeDisabled();
    expect(box).toHaveTextContent('No hay nada para cobrar online: aceptá el pedido primero.');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    dialog = await openDetail(user, '100002');
    box = await within(dialog).findByTestId('online-link');
    run.fake.refuse['POST /api/pagar-orden/mercadopago/delivery/'] = { status: 502, body: { detail: 'x', code: 'provider_unreachable' } };
    await user.click(within(box).getByRole('button', { name: 'Crear link de pago' }));
    await waitFor(() => expect(notes()).toContain('error: MercadoPago no respondió. Probá de nuevo en un momento.'));
    await settled();
    await user.click(within(box).getByRole('button', { name: 'Crear link de pago' }));
    expect(await within(box).findByRole('textbox', { name: 'Link de pago online' })).toBeVisible();
    const [first, second] = payCalls();
    expect(second.key).toBe(first.key);
  });

  it('a paid order says so: its link no longer shows, and it asks to accept nothing', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: ACCEPTED(), linked: true });
    const dialog = await openDetail(user, '100002');
    const box = await within(dialog).findByTestId('online-link');
    await user.click(within(box).getByRole('button', { name: 'Crear link de pago' }));
    expect(await within(box).findByRole('textbox', { name: 'Link de pago online' })).toBeVisible();
    // the customer pays the link at once: ordering pays the lines, and its message reaches the tablet
    const order = run.fake.deliveries.find((d) => d.id === 2)!;
    for (const l of order.ordenes) Object.assign(l, { status: '6', status_pay: 'paid', version: l.version + 1 });
    run.fake.holds.clear();
    FakeStaffSocket.last.frame(deliveryMessage('order_status', order, { id: 90 }));
    await waitFor(() => expect(box).toHaveTextContent('El pedido ya está pagado: no hace falta un link de pago.'));
    expect(within(box).queryByRole('textbox', { name: 'Link de pago online' })).toBeNull();
    expect(within(box).queryByRole('link', { name: 'Enviar por WhatsApp' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Crear link de pago' })).toBeNull();
    expect(box).not.toHaveTextContent('aceptá el pedido primero');
  });

  it('an order an online payment holds shows it on its row and lines, and staff may cancel that payment after asking', async () => {
    const user = userEvent.setup();
    await openScreen({
      deliveries: [delivery(4, {}, [line(40, 4, '4', { status_pay: 'pending' }), line(41, 4, '4', { status_pay: 'pending' })])],
      linked: true,
    });
    expect(within(row('100004')).getByTestId('delivery-pay-4')).toHaveTextContent('Pago pendiente');
    const dialog = await openDetail(user, '100004');
    expect(within(dialog).getByTestId('detail-pay-40')).toHaveTextContent('Pago pendiente');
    const box = await within(dialog).findByTestId('online-link');
    expect(box).toHaveTextContent('Hay un pago de MercadoPago en curso para este pedido.');
    await user.click(within(box).getByRole('button', { name: 'Cancelar pago online' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancelar pago online' });
    expect(ask).toHaveTextContent('El link deja de servir');
    await user.click(within(ask).getByRole('button', { name: 'Cancelar pago online' }));
    await waitFor(() => expect(notes()).toContain('success: Pago online cancelado.'));
    // one cancel freed both lines (one checkout); the order is read again
    expect(payCalls().map((c) => c.path)).toEqual(['/api/pagar-orden/40/cancelar-mercadopago/']);
    await waitFor(() => expect(within(dialog).queryByTestId('detail-pay-40')).toBeNull());
    expect(within(box).getByRole('button', { name: 'Crear link de pago' })).toBeEnabled();
  });
});

describe('a counter payment refused for an online payment under way', () => {
  it('opens the rejection dialog: cancelling the online payment charges the order with the same key', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(5, {}, [line(50, 5, '4', { status_pay: 'rejected' }), line(51, 5, '2')])] });
    expect(within(row('100005')).getByTestId('delivery-pay-5')).toHaveTextContent('Pago rechazado');
    await user.click(within(row('100005')).getByRole('button', { name: 'Cobrar el pedido #100005' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cobrar el pedido #100005' })).getByRole('button', { name: 'Cobrar' }));
    const rejection = await screen.findByRole('dialog', { name: 'Pago rechazado' });
    expect(rejection).toHaveTextContent('Hay un pago de MercadoPago en curso para este pedido.');
    expect(notes()).toEqual([]); // the dialog, not an error notification
    await user.click(within(rejection).getByRole('button', { name: 'Cancelar pago online y cobrar' }));
    await waitFor(() => expect(run.notify).toHaveBeenCalledWith('success', 'Pago registrado: no queda nada por cobrar en esos pedidos', { title: 'Pago' }));
    expect(payCalls().map((c) => c.path)).toEqual([
      '/api/pagar-orden/recibir-varios-pagos/', '/api/pagar-orden/50/cancelar-mercadopago/', '/api/pagar-orden/recibir-varios-pagos/',
    ]);
    expect(payCalls()[2].key).toBe(payCalls()[0].key);
    await settled();
    expect(within(row('100005')).getByTestId('delivery-status')).toHaveTextContent('Pagado');
  });
});
