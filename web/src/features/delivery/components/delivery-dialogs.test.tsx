import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeStaffSocket } from '@/features/notifications/testing/fake-socket';
import { RESTAURANT, delivery, deliveryMessage, line } from '../testing/delivery-server';
import { withDeliveryScreen } from '../testing/delivery-screen';

/**
 * The delivery screen's dialogs (spec part 2 §2, §5, §8): the new order in two steps, the contact
 * and address edit, the order's detail and its detail text. Each rule is checked before sending,
 * each message a notification; the server's refusals show by field, in its words.
 */
const run = withDeliveryScreen();
const { settled, row, notes, openScreen } = run;
let seq = 500;

describe('the new order, in two steps', () => {
  it('step 1 checks the contact rules, each message a notification; step 2 needs at least one dish, and a dish at 0 leaves the order', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: 'Nuevo pedido' }));
    const dialog = await screen.findByRole('dialog', { name: /^Nuevo pedido #\d{6}$/ });
    expect(within(dialog).getByTestId('new-order-step')).toHaveTextContent('Paso 1 de 2: contacto y tipo');
    const next = within(dialog).getByRole('button', { name: 'Siguiente' });
    // the phone's rule is said before it is broken (spec part 2 §5)
    expect(within(dialog).getByRole('textbox', { name: /Teléfono/ })).toHaveAccessibleDescription('Solo números, entre 8 y 20 dígitos.');

    // a delivery with nothing typed: name, phone and address are asked for
    await user.click(next);
    await waitFor(() => expect(notes()).toEqual(['error: Debe ingresar el nombre de la persona', 'error: Debe ingresar el teléfono.', 'error: Debe ingresar la direccion']));
    expect(within(dialog).getByText('Debe ingresar la direccion')).toBeVisible();

    // too short a name and address; a phone field keeps digits only
    run.notify.mockClear();
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'A');
    await user.type(within(dialog).getByRole('textbox', { name: /Teléfono/ }), '11-5555');
    expect(within(dialog).getByRole('textbox', { name: /Teléfono/ })).toHaveValue('115555');
    await user.type(within(dialog).getByRole('textbox', { name: /Dirección/ }), 'Calle 1');
    await user.click(next);
    await waitFor(() =>
      expect(notes()).toEqual([
        'error: El nombre debe tener entre 2 y 30 caracteres.',
        'error: El teléfono debe tener solo dígitos, entre 8 y 20.',
        'error: La dirección debe tener entre 10 y 100 caracteres.',
      ]),
    );

    // take away: the address is optional
    run.notify.mockClear();
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'na Pérez');
    await user.type(within(dialog).getByRole('textbox', { name: /Teléfono/ }), '4444');
    await user.click(within(dialog).getByRole('radio', { name: 'Take away' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Dirección/ }));
    expect(within(dialog).getByText('Opcional para take away')).toBeVisible();
    await user.click(next);
    await waitFor(() => expect(within(dialog).getByTestId('new-order-step')).toHaveTextContent('Paso 2 de 2: platos'));
    expect(notes()).toEqual([]);

    // the delivery menu's dishes by category, in the menu's order
    const dishes = await within(dialog).findByTestId('new-order-dishes');
    expect(within(dishes).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Entradas', 'Postres']);
    const create = within(dialog).getByRole('button', { name: 'Crear pedido' });
    await user.click(create);
    expect(notes()).toEqual(['error: Agregá al menos un plato al pedido.']);

    await user.click(within(dialog).getByRole('button', { name: 'Sumar Empanada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sumar Empanada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sumar Empanada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Restar Empanada' }));
    expect(within(dialog).getByTestId('qty-1')).toHaveTextContent('2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentario para Empanada' }), 'bien cocidas');
    await user.click(within(dialog).getByRole('button', { name: 'Sumar Flan' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentario para Flan' }), 'sin caramelo');
    // brought down to 0, the flan leaves the order, and its comment with it
    await user.click(within(dialog).getByRole('button', { name: 'Restar Flan' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Comentario para Flan' })).toBeNull();
    expect(within(dialog).getByTestId('new-order-total').textContent?.replace(/\s/g, ' ')).toBe('2 platos · $ 3.000,00');

    run.notify.mockClear();
    const from = run.fake.calls.length;
    await user.click(create);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await settled();
    expect(run.fake.requests(from)).toEqual(['POST /api/delivery/', 'GET /api/delivery/']);
    const sent = run.fake.calls[from];
    expect(sent.key).toMatch(/.{8,}/);
    expect(sent.body).toMatchObject({
      fk_resto: RESTAURANT, fk_menu: 1, status: '1', type_delivery: 2, contact_info: { name: 'Ana Pérez', phone: '1155554444' }, address: '',
      ordenes: [{ fk_dish: 1, quantity: 2, extra_commentary: 'bien cocidas', status: '1' }],
    });
    expect((sent.body as { fk_delivery: string }).fk_delivery).toMatch(/^\d{6}$/);
    expect(await screen.findByText(`Pedido #${(sent.body as { fk_delivery: string }).fk_delivery} creado.`)).toBeInTheDocument();
    expect(notes()).toEqual([]);
    const made = run.fake.deliveries.at(-1)!;
    expect(within(row(made.fk_delivery!)).getByText('Ana Pérez')).toBeVisible();

    // its echo on this tablet (rings like any new order) costs nothing: the page already shows it
    const echo = run.fake.calls.length;
    FakeStaffSocket.last.frame(deliveryMessage('new_delivery', made, { id: ++seq, fromAdmin: true }));
    await settled();
    expect(run.fake.requests(echo)).toEqual([]);
  });

  it("a refusal of the server shows each field's message in its words, and goes back to the contact step; a retry sends the same key", async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(screen.getByRole('button', { name: 'Nuevo pedido' }));
    const dialog = await screen.findByRole('dialog', { name: /^Nuevo pedido/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Ana');
    await user.type(within(dialog).getByRole('textbox', { name: /Teléfono/ }), '1155554444');
    await user.type(within(dialog).getByRole('textbox', { name: /Dirección/ }), 'Av. Santa Fe 2100');
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Sumar Provoleta' }));
    run.fake.refuse['POST /api/delivery/'] = { status: 400, body: { contact_info: { phone: ['El teléfono debe tener solo dígitos, entre 8 y 20.'] } } };
    await user.click(within(dialog).getByRole('button', { name: 'Crear pedido' }));
    await waitFor(() =>
      expect(run.notify).toHaveBeenCalledWith('error', 'Teléfono: El teléfono debe tener solo dígitos, entre 8 y 20.', { title: 'No se pudo guardar el pedido', autoClose: 5000 }),
    );
    expect(within(dialog).getByTestId('new-order-step')).toHaveTextContent('Paso 1 de 2');
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Crear pedido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = run.fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/delivery/');
    expect(posts).toHaveLength(2);
    expect(posts[1].key).toBe(posts[0].key);
  });
});

describe('the contact and address edit', () => {
  it('edits the contact details and address with the same rules; the row shows the answer and its echo costs nothing', async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(within(row('100001')).getByRole('button', { name: 'Editar contacto y dirección del pedido #100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contacto y dirección del pedido #100001' });
    const address = within(dialog).getByRole('textbox', { name: /Dirección/ });
    expect(address).toHaveValue('Av. Santa Fe 1001, CABA');
    expect(within(dialog).getByRole('textbox', { name: /Teléfono/ })).toHaveAccessibleDescription('Solo números, entre 8 y 20 dígitos.');
    await user.clear(address);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(notes()).toEqual(['error: Debe ingresar la direccion']));
    expect(run.fake.requests().some((r) => r.startsWith('PUT'))).toBe(false);

    await user.type(address, 'Corrientes 1234, piso 2');
    const from = run.fake.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(run.fake.requests(from)).toEqual(['PUT /api/delivery/1/']);
    expect(run.fake.calls[from].body).toEqual({ type_delivery: 1, contact_info: { name: 'Cliente 1', phone: '1155554444' }, address: 'Corrientes 1234, piso 2', fk_resto: RESTAURANT });
    expect(within(row('100001')).getByTestId('delivery-address')).toHaveTextContent('Corrientes 1234, piso 2');
    const echo = run.fake.calls.length;
    FakeStaffSocket.last.frame(deliveryMessage('delivery_changed', run.fake.deliveries[0], { id: ++seq, fields: ['address'] }));
    await settled();
    expect(run.fake.requests(echo)).toEqual([]);
  });

  it("the server's refusal by field, in English", async () => {
    const user = userEvent.setup();
    await openScreen({}, { locale: 'en' });
    await user.click(within(row('100001')).getByRole('button', { name: 'Edit contact and address of order #100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact and address of order #100001' });
    run.fake.refuse['PUT /api/delivery/1/'] = { status: 400, body: { address: ['The address must have 10 to 100 characters.'] } };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(run.notify).toHaveBeenCalledWith('error', 'Address: The address must have 10 to 100 characters.', { title: 'The order could not be saved', autoClose: 5000 }));
    expect(screen.getByRole('dialog', { name: 'Contact and address of order #100001' })).toBeVisible();
  });
});

describe("the order's detail", () => {
  it('shows its lines with their comments and statuses, its contact, and edits the detail text up to 200 characters', async () => {
    const user = userEvent.setup();
    await openScreen({ deliveries: [delivery(1, { admin: false, cash_amount: '10000.00' }, [line(10, 1, '2', { extra_commentary: 'bien cocidas' }), line(11, 1, '3', { dish_name: 'Flan', quantity: 1, price: '2500.00' })])] });
    await user.click(within(row('100001')).getByRole('button', { name: 'Ver el detalle del pedido #100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #100001' });
    const lines = within(dialog).getByTestId('detail-lines');
    expect(within(lines).getAllByRole('row').map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      'PlatosEstadoPagoImporte',
      '2 × EmpanadaComentario: bien cocidasAceptado$ 3.000,00',
      '1 × FlanRechazado$ 2.500,00',
    ]);
    expect(within(dialog).getByText('Enviado por el comensal')).toBeVisible();
    expect(within(dialog).getByTestId('detail-address')).toHaveTextContent('Av. Santa Fe 1001, CABA');

    const text = within(dialog).getByRole('textbox', { name: 'Detalle de la orden' });
    await user.click(text);
    await user.paste('x'.repeat(201));
    expect(within(dialog).getByText('201/200 caracteres')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar detalle' }));
    expect(run.notify).toHaveBeenCalledWith('error', 'No se pudo actualizar el detalle de la orden: puede tener hasta 200 caracteres.', expect.objectContaining({ title: 'No se pudo actualizar el detalle de la orden' }));
    expect(run.fake.requests().some((r) => r.startsWith('PUT'))).toBe(false);

    await user.clear(text);
    await user.type(text, 'Timbre 2B, no anda');
    const from = run.fake.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Guardar detalle' }));
    // a success goes through lib/notify's `succeeded`: the toast itself shows
    expect(await screen.findByText('Detalle actualizado.')).toBeInTheDocument();
    expect(run.fake.requests(from)).toEqual(['PUT /api/up-delivery-info/1/']);
    expect(run.fake.calls[from]).toMatchObject({ query: { fk_resto: String(RESTAURANT) }, body: { details: 'Timbre 2B, no anda' } });
    const echo = run.fake.calls.length;
    FakeStaffSocket.last.frame(deliveryMessage('delivery_changed', run.fake.deliveries[0], { id: ++seq, fields: ['details'] }));
    await settled();
    expect(run.fake.requests(echo)).toEqual([]);
  });

  it("the server's refusal of the detail text is its own text; another tablet's move shows in the open dialog, for one request", async () => {
    const user = userEvent.setup();
    await openScreen();
    await user.click(within(row('100001')).getByRole('button', { name: 'Ver el detalle del pedido #100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #100001' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Detalle de la orden' }), 'Timbre');
    run.fake.refuse['PUT /api/up-delivery-info/1/'] = {
      status: 400, body: { detail: 'No se pudo actualizar el detalle de la orden: puede tener hasta 200 caracteres.', code: 'details_too_long' },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Guardar detalle' }));
    await waitFor(() => expect(notes()).toContain('error: No se pudo actualizar el detalle de la orden: puede tener hasta 200 caracteres.'));

    Object.assign(run.fake.deliveries[0].ordenes[0], { status: '2', version: 2 });
    Object.assign(run.fake.deliveries[0], { status: '2', delivery_status: '2' });
    const from = run.fake.calls.length;
    FakeStaffSocket.last.frame(deliveryMessage('order_status', run.fake.deliveries[0], { id: ++seq }));
    await waitFor(() => expect(within(within(dialog).getByTestId('detail-lines')).getByText('Aceptado')).toBeVisible());
    await settled();
    expect(run.fake.requests(from)).toEqual(['GET /api/delivery/1/']);
  });
});
