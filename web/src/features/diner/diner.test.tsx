import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as toasts from '@/lib/notify';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import type { Tab } from './api/types';
import { navigation } from './components/checkout-dialog';
import { FakeSocket, recordSockets } from './testing/fake-socket';
import { MENU, menuHandler, placeHandler, tabLine as line } from './testing/fixtures';

beforeEach(() => {
  sessionStorage.clear();
  // no server socket in these tests unless one says so: a socket that never opens
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => vi.unstubAllGlobals());

async function openDish(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByTestId(`dish-${name}`));
  return screen.findByRole('dialog', { name });
}

/** On the menu link: one Provoleta for Ana, to Calle 123, paying with $5000, sent by WhatsApp
 * (`open` is the spied WhatsApp window; `confirm` the confirm dialog). */
async function sendDeliveryOrder() {
  const open = vi.spyOn(navigation, 'open').mockImplementation(() => {});
  const user = userEvent.setup();
  renderApp('/menus?menu=30');
  const dialog = await openDish(user, 'Provoleta');
  await user.click(within(dialog).getByRole('button', { name: /Agregar al pedido/ }));
  await user.click(await screen.findByTestId('open-cart'));
  await user.click(within(await screen.findByRole('dialog', { name: 'Tu pedido' })).getByRole('button', { name: 'Confirmar pedido' }));
  const confirm = await screen.findByRole('dialog', { name: 'Confirmar pedido' });
  await user.type(within(confirm).getByRole('textbox', { name: /Nombre de la persona/ }), 'Ana');
  await user.type(within(confirm).getByRole('textbox', { name: /Dirección/ }), 'Calle 123');
  await user.type(within(confirm).getByRole('textbox', { name: /¿Con cuánto pagás\?/ }), '5000');
  await user.click(within(confirm).getByRole('button', { name: 'Enviar por WhatsApp' }));
  return { open, confirm };
}

describe('the menu link /menus?menu=<id>', () => {
  it('shows the categories (sub-categories inside) and prices in pesos in Spanish', async () => {
    server.use(menuHandler());
    renderApp('/menus?menu=30');
    expect(await screen.findByRole('heading', { name: 'La Esquina' })).toBeVisible();
    expect(screen.getByTestId('category-Entradas')).toHaveAttribute('open');
    expect(screen.getByTestId('category-Postres')).not.toHaveAttribute('open');
    expect(within(screen.getByTestId('category-Postres')).getByTestId('category-Helados')).toBeInTheDocument();
    expect(within(screen.getByTestId('dish-Empanada')).getByTestId('dish-price').textContent?.replace(/\s/g, ' ')).toBe('$ 1.500,00');
  });

  it('shows dollars in English', async () => {
    server.use(menuHandler());
    renderApp('/menus?menu=30', { locale: 'en' });
    expect(await screen.findByText('$1,500.00')).toBeVisible();
  });

  it("says 'Menu no encontrado' for an unknown or empty menu, and for a link without a menu", async () => {
    server.use(menuHandler());
    renderApp('/menus?menu=31');
    expect(await screen.findByTestId('menu-not-found')).toHaveTextContent('Menu no encontrado');
    renderApp('/menus');
    expect(await screen.findAllByText('Menu no encontrado')).not.toHaveLength(0);
  });

  it('warns that a menu that is not order-enabled is view only, and offers no adding', async () => {
    server.use(menuHandler({ ...MENU, restaurant: { ...MENU.restaurant, order_enabled: false } }));
    const user = userEvent.setup();
    renderApp('/menus?menu=30');
    expect(await screen.findByTestId('view-only')).toHaveTextContent('solo para ver');
    const dialog = await openDish(user, 'Empanada');
    expect(within(dialog).getByText('De carne, cortada a cuchillo')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /Agregar al pedido/ })).toBeNull();
  });

  it('the dish dialog never goes below 1 and keeps the comment to 100 characters', async () => {
    server.use(menuHandler());
    const user = userEvent.setup();
    renderApp('/menus?menu=30');
    const dialog = await openDish(user, 'Empanada');
    expect(within(dialog).getByRole('img', { name: 'Empanada' })).toHaveAttribute('src', '/media/catalog/e.png');
    const less = within(dialog).getByRole('button', { name: 'Quitar uno' });
    expect(less).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar uno' }));
    await user.click(within(dialog).getByRole('button', { name: 'Agregar uno' }));
    await user.click(less);
    expect(within(dialog).getByTestId('dish-quantity')).toHaveTextContent('2');
    const comment = within(dialog).getByRole('textbox', { name: 'Comentario' });
    await user.click(comment);
    await user.paste('x'.repeat(120));
    expect(comment).toHaveValue('x'.repeat(100));
    expect(within(dialog).getByRole('button', { name: /Agregar al pedido/ })).toHaveTextContent('3.000,00');
  });

  it("takeaway: the confirm step checks name and cash, records the order and opens the WhatsApp message with the order's tracking link", async () => {
    const bodies: { key: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      menuHandler(),
      http.post('*/api/delivery/', async ({ request }) => {
        bodies.push({ key: request.headers.get('Idempotency-Key'), body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json({ id: 1, tracking_token: 'Tr4ck-t0ken_of-43-characters-xxxxxxxxxxxxxx' }, { status: 201 });
      }),
    );
    const open = vi.spyOn(navigation, 'open').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/menus?menu=30');
    let dialog = await openDish(user, 'Empanada');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar uno' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentario' }), 'sin comino');
    await user.click(within(dialog).getByRole('button', { name: /Agregar al pedido/ }));
    dialog = await openDish(user, 'Provoleta');
    await user.click(within(dialog).getByRole('button', { name: /Agregar al pedido/ }));

    await user.click(await screen.findByTestId('open-cart'));
    const review = await screen.findByRole('dialog', { name: 'Tu pedido' });
    expect(within(review).getByTestId('cart-total').textContent?.replace(/\s/g, ' ')).toBe('Total: $ 7.200,00');
    await user.click(within(review).getByRole('button', { name: 'Confirmar pedido' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirmar pedido' });
    await user.click(within(confirm).getByRole('radio', { name: 'Take away' }));
    expect(within(confirm).queryByRole('textbox', { name: /Dirección/ })).toBeNull();
    await user.type(within(confirm).getByRole('textbox', { name: /¿Con cuánto pagás\?/ }), '7000');
    await user.click(within(confirm).getByRole('button', { name: 'Enviar por WhatsApp' }));
    expect(await within(confirm).findByText('Debe ingresar el nombre de la persona')).toBeVisible();
    expect(within(confirm).getByText(/al menos el total del pedido/)).toBeVisible();
    expect(bodies).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();

    await user.type(within(confirm).getByRole('textbox', { name: /Nombre de la persona/ }), 'Ana');
    await user.clear(within(confirm).getByRole('textbox', { name: /¿Con cuánto pagás\?/ }));
    await user.type(within(confirm).getByRole('textbox', { name: /¿Con cuánto pagás\?/ }), '10000');
    await user.click(within(confirm).getByRole('button', { name: 'Enviar por WhatsApp' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));

    expect(bodies).toHaveLength(1);
    const sent = bodies[0].body as { fk_delivery: string; type_delivery: number; contact_info: { name: string }; cash_amount: string; ordenes: unknown[] };
    expect(bodies[0].key).toMatch(/.{8,}/);
    expect(sent).toMatchObject({ fk_resto: 10, fk_menu: 30, type_delivery: 2, contact_info: { name: 'Ana' }, cash_amount: '10000.00', address: '' });
    expect(sent.ordenes).toEqual([
      { fk_dish: 7, name: 'Empanada', quantity: 2, extra_commentary: 'sin comino', status: '1' },
      { fk_dish: 8, name: 'Provoleta', quantity: 1, extra_commentary: '', status: '1' },
    ]);
    const url = new URL(open.mock.calls[0][0]);
    expect(url.origin + url.pathname).toBe('https://wa.me/5491145678900');
    const text = (url.searchParams.get('text') ?? '').replace(/\u00a0/g, ' ');
    expect(text.split('\n')).toEqual([
      `Pedido #${sent.fk_delivery}`,
      'Tipo: Take away',
      '',
      '2 x Empanada ($ 3.000,00)',
      '   Comentario: sin comino',
      '1 x Provoleta ($ 4.200,00)',
      '',
      'Total: $ 7.200,00',
      'Nombre: Ana',
      'Paga con: $ 10.000,00',
      '',
      `Seguí tu pedido: ${window.location.origin}/seguimiento?t=Tr4ck-t0ken_of-43-characters-xxxxxxxxxxxxxx`,
    ]);
    expect(sent.fk_delivery).toMatch(/^\d{6}$/);
    open.mockRestore();
  });

  it('ordering out of reach: the WhatsApp message (the order) is sent all the same, without a tracking link', async () => {
    server.use(menuHandler(), http.post('*/api/delivery/', () => HttpResponse.json({ detail: 'boom' }, { status: 503 })));
    const { open } = await sendDeliveryOrder();
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const text = new URL(open.mock.calls[0][0]).searchParams.get('text') ?? '';
    expect(text).toContain('Paga con:');
    expect(text).not.toContain('seguimiento');
    open.mockRestore();
  });

  it('a refusal with a reason stops the send and says why, by its code', async () => {
    server.use(
      menuHandler(),
      http.post('*/api/delivery/', () => HttpResponse.json({ detail: 'cualquier texto', code: 'orders_stopped' }, { status: 400 })),
    );
    const { open, confirm } = await sendDeliveryOrder();
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('El restaurante no está tomando pedidos en este momento.');
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});

describe('at a table /menus?p=<token>', () => {
  function tableHandlers(tab: { current: Tab }, posts: { key: string | null; body: unknown }[]) {
    return [
      menuHandler(),
      placeHandler(),
      http.get('*/api/ordenes/lugar/tok-m1/', () => HttpResponse.json(tab.current)),
      http.post('*/api/ordenes/lugar/tok-m1/', async ({ request }) => {
        posts.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        await delay(150);
        tab.current = { ...tab.current, lines: [...tab.current.lines, line({ id: 101, dish_name: 'Provoleta', fk_dish: 8, price: '4200.00', quantity: 1, diner_name: 'Beto' })], total: '7200.00' };
        return HttpResponse.json({ order: 51, lines: [], total: '4200.00' }, { status: 201 });
      }),
    ];
  }

  it('shows the shared tab (who ordered what, the total); a double tap on send places one order', async () => {
    const tab = { current: { fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: [line({})], total: '3000.00' } as Tab };
    const posts: { key: string | null; body: unknown }[] = [];
    server.use(...tableHandlers(tab, posts));
    const user = userEvent.setup();
    renderApp('/menus?p=tok-m1');
    const tabCard = await screen.findByTestId('table-tab');
    expect(await within(tabCard).findByText('Pidió Ana')).toBeVisible();
    expect(within(tabCard).getByTestId('line-status')).toHaveTextContent('Recibido');
    expect(screen.getByText(/Mesa M1/)).toBeVisible();

    const dialog = await openDish(user, 'Provoleta');
    await user.click(within(dialog).getByRole('button', { name: /Agregar al pedido/ }));
    await user.click(await screen.findByTestId('open-cart'));
    const review = await screen.findByRole('dialog', { name: 'Tu pedido' });
    await user.type(within(review).getByRole('textbox', { name: /Tu nombre/ }), 'Beto');
    const send = within(review).getByRole('button', { name: 'Enviar pedido' });
    await user.dblClick(send);
    expect(await screen.findByText('¡Pedido enviado! Lo vas a ver en la cuenta de la mesa.')).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(posts[0].key).toMatch(/.{8,}/);
    expect(posts[0].body).toEqual({ diner_name: 'Beto', ordenes: [{ fk_dish: 8, quantity: 1, extra_commentary: '' }] });
    expect(await within(tabCard).findByText('Pidió Beto')).toBeVisible();
    expect(within(tabCard).getByTestId('tab-total').textContent?.replace(/\s/g, ' ')).toBe('Total de la mesa: $ 7.200,00');
    // the name is typed once
    expect(localStorage.getItem('diner-name')).toBe('Beto');
  });

  it('each line moves live over the table socket', async () => {
    const tab = { current: { fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: [line({})], total: '3000.00' } as Tab };
    const sockets = recordSockets();
    server.use(...tableHandlers(tab, []));
    renderApp('/menus?p=tok-m1');
    const tabCard = await screen.findByTestId('table-tab');
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0];
    expect(socket.url).toBe('ws://localhost:3000/ws/notificaciones/mesa/');
    socket.open();
    expect(JSON.parse(socket.sent[0])).toEqual({ type: 'auth', place_token: 'tok-m1', last_id: null, lang: 'es' });
    socket.receive({ type: 'ready', last_id: 5, resync: false, fk_resto: 10, fk_sit: 4, fk_menu: 30 });
    expect(await within(tabCard).findByText('En vivo')).toBeVisible();

    tab.current = { ...tab.current, lines: [line({ status: '2' })] };
    socket.receive({
      id: 6, type: 'order_status', fk_sit: 4, msg: '', data: { changes: [{ id: 100, status: '2' }] },
      changed: { resource: 'tab', fk_resto: 10, fk_sit: 4, fk_delivery: null, fk_menu: null, lines: [{ id: 100, status: '2', version: 2 }], version: 6 },
    });
    await waitFor(() => expect(within(tabCard).getByTestId('line-status')).toHaveTextContent('En preparación'));

    // a dropped connection comes back with the newest id it saw
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    socket.drop(1006);
    expect(within(tabCard).getByTestId('socket-state')).toHaveTextContent('Reconectando');
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    await waitFor(() => expect(sockets).toHaveLength(2));
    sockets[1].open();
    expect(JSON.parse(sockets[1].sent[0])).toMatchObject({ last_id: 6 });

    // a replaced QR closes for good: no reconnecting
    sockets[1].drop(4404);
    await new Promise((r) => setTimeout(r, 1200));
    expect(sockets).toHaveLength(2);
    vi.unstubAllGlobals();
  });

  it('a phone refused because the table has too many phones is told why and does not retry', async () => {
    const notify = vi.spyOn(toasts, 'notify').mockImplementation(() => {});
    const tab = { current: { fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: [], total: '0.00' } as Tab };
    const sockets = recordSockets();
    server.use(...tableHandlers(tab, []));
    renderApp('/menus?p=tok-m1');
    await screen.findByTestId('table-tab');
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0].open();
    sockets[0].drop(4429, 'too_many_at_place');
    expect(notify).toHaveBeenCalledWith(
      'warning', 'Hay demasiados teléfonos conectados a esta mesa. Cerrá la página en alguno y escaneá el código otra vez.', expect.anything(),
    );
    await new Promise((r) => setTimeout(r, 1200));
    expect(sockets).toHaveLength(1);
    notify.mockRestore();
    vi.unstubAllGlobals();
  });

  it("calls the waiter and asks for the bill; a second call too soon is refused clearly", async () => {
    const tab = { current: { fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: [], total: '0.00' } as Tab };
    const calls: unknown[] = [];
    server.use(
      ...tableHandlers(tab, []),
      http.put('*/api/llamar-mozo/tok-m1/', async ({ request }) => {
        calls.push(await request.json());
        return calls.length > 2
          ? HttpResponse.json({ detail: 'x', code: 'waiter_call_too_soon' }, { status: 429, headers: { 'Retry-After': '25' } })
          : HttpResponse.json({ call_waiter: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/menus?p=tok-m1');
    await user.click(await screen.findByRole('button', { name: 'Llamar al mozo' }));
    expect(await screen.findByText('Llamamos al mozo. Ya viene.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pedir la cuenta' }));
    expect(await screen.findByText('Pedimos la cuenta. Ya te la traen.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Llamar al mozo' }));
    expect(await screen.findByText('Ya llamaste hace un momento. Probá de nuevo en 25 segundos.')).toBeVisible();
    expect(calls).toEqual([{ kind: 'waiter' }, { kind: 'bill' }, { kind: 'waiter' }]);
  });

  it('a replaced QR code says to scan again', async () => {
    server.use(...tableHandlers({ current: { fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: [], total: '0.00' } }, []));
    renderApp('/menus?p=old-token');
    expect(await screen.findByText('Este código QR ya no es válido. Escaneá el código de tu mesa otra vez.')).toBeVisible();
  });

  it('a send the restaurant refuses says why, by code', async () => {
    const tab = { current: { fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: [], total: '0.00' } as Tab };
    server.use(
      http.post('*/api/ordenes/lugar/tok-m1/', () => HttpResponse.json({ detail: 'closed text', code: 'restaurant_closed' }, { status: 400 })),
      ...tableHandlers(tab, []),
    );
    const user = userEvent.setup();
    renderApp('/menus?p=tok-m1', { locale: 'en' });
    const dialog = await openDish(user, 'Provoleta');
    await user.click(within(dialog).getByRole('button', { name: /Add to order/ }));
    await user.click(await screen.findByTestId('open-cart'));
    const review = await screen.findByRole('dialog', { name: 'Your order' });
    await user.type(within(review).getByRole('textbox', { name: /Your name/ }), 'Ann');
    await user.click(within(review).getByRole('button', { name: 'Send order' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent('The restaurant is closed now. Try during its opening hours.');
  });
});
