import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { type FakeSocket, recordSockets } from '../testing/fake-socket';
import type { Tracking } from './get-tracking';

/**
 * /seguimiento?t=<token>, the diner's page of one delivery or take-away order (issue 20), with a
 * fake ordering (MSW) and a fake tracking socket: the order, its stage live, one read per message,
 * and one clear message for a link that is unknown or expired.
 */
const TOKEN = 'Tr4ck-t0ken_of-43-characters-xxxxxxxxxxxxxx';

const order = (over: Partial<Tracking> = {}): Tracking => ({
  fk_delivery: '482913', fk_resto: 10, restaurant: 'La Esquina', type_delivery: 1, status: '1', stage: 'received', stage_text: 'Recibido',
  total: '7200.00', creation_date: '2026-11-22T20:00:00Z', closed_at: null, expires_at: null,
  lines: [
    { id: 100, dish_name: 'Empanada', quantity: 2, price: '1500.00', amount: '3000.00', status: '1', extra_commentary: 'sin comino' },
    { id: 101, dish_name: 'Provoleta', quantity: 1, price: '4200.00', amount: '4200.00', status: '1', extra_commentary: '' },
  ],
  ...over,
});

let sockets: FakeSocket[];

/** The server's `ready` on a socket of the page (the tracked order is 57). */
const ready = (socket: FakeSocket, resync = false, lastId = 40) =>
  socket.receive({ type: 'ready', last_id: lastId, resync, fk_resto: 10, fk_delivery: 57 });

/** An `order_status` frame of the tracked order (a signal: the page reads the order again). */
const moved = (id: number, status: '2' | '4') => ({
  id, type: 'order_status', fk_resto: 10, fk_sit: null, order_type: 'default_delivery', description: '#482913', from_admin: true, msg: '',
  created_at: '2026-11-22T20:05:00Z', data: { fk_delivery: 57, changes: [] },
  changed: { resource: 'delivery', fk_resto: 10, fk_sit: null, fk_delivery: 57, fk_menu: null, lines: [{ id: 100, status, version: 2 }], version: id },
});

let current: { value: Tracking | null };
let reads: string[];

beforeEach(() => {
  sockets = recordSockets();
  current = { value: order() };
  reads = [];
  server.use(
    http.get('*/api/delivery/seguimiento/:token/', ({ params, request }) => {
      reads.push(request.headers.get('Accept-Language') ?? '');
      if (params.token !== TOKEN || !current.value) {
        return HttpResponse.json({ detail: 'Este enlace de seguimiento no es válido o ya venció.', code: 'tracking_not_found' }, { status: 404 });
      }
      return HttpResponse.json(current.value);
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The page opened from the message's link, its socket ready after the first read. */
async function open(locale: 'es' | 'en' = 'es') {
  renderApp(`/seguimiento?t=${TOKEN}`, { locale });
  const page = await screen.findByTestId('tracking');
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  socket.open();
  return { page, socket };
}

const settled = async (count: number) => {
  await waitFor(() => expect(reads).toHaveLength(count));
  // nothing more follows
  await new Promise((r) => setTimeout(r, 50));
  expect(reads).toHaveLength(count);
};

describe('the tracking page /seguimiento?t=<token>', () => {
  it("shows that order only: the restaurant, its number, the way it goes, its lines and total, in the diner's language", async () => {
    const { page, socket } = await open();
    expect(socket.url).toBe('ws://localhost:3000/ws/notificaciones/seguimiento/');
    expect(JSON.parse(socket.sent[0])).toEqual({ type: 'auth', tracking_token: TOKEN, last_id: null, lang: 'es' });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('La Esquina');
    expect(within(page).getByText('Pedido #482913 · Delivery')).toBeVisible();
    const steps = within(page).getByRole('list', { name: 'Etapas del pedido' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Recibido', 'En preparación', 'En camino', 'Entregado']);
    expect(within(steps).getByText('Recibido').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(page).getByTestId('tracking-line-100')).toHaveTextContent(/2 x Empanada.*Comentario: sin comino.*Recibido.*3\.000,00/);
    expect(within(page).getByTestId('tracking-total').textContent?.replace(/\s/g, ' ')).toBe('Total: $ 7.200,00');
    expect(reads[0]).toBe('es');
  });

  it('a take-away order is never on the way: received, preparing, delivered', async () => {
    current.value = order({ type_delivery: 2, stage: 'delivered', status: '4' });
    const { page } = await open('en');
    expect(within(page).getByText('Order #482913 · Take away')).toBeVisible();
    const steps = within(page).getByRole('list', { name: 'Order stages' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Received', 'Being prepared', 'Delivered']);
    expect(within(page).getByTestId('tracking-stage')).toHaveTextContent(/Your order's status\s*Delivered/);
  });

  it('each message of the socket costs one read, and the stage moves live', async () => {
    const { page, socket } = await open();
    ready(socket);
    // the first read answered before the socket listened: once more, to miss nothing in between
    await settled(2);
    expect(within(page).getByTestId('tracking-live')).toHaveTextContent('En vivo');

    current.value = order({ status: '2', stage: 'preparing', lines: order().lines.map((l) => ({ ...l, status: '2' })) });
    socket.receive(moved(41, '2'));
    await waitFor(() => expect(within(page).getByTestId('tracking-stage')).toHaveAttribute('data-stage', 'preparing'));
    await settled(3);
    expect(within(page).getByText('En preparación', { selector: 'li' })).toHaveAttribute('aria-current', 'step');

    current.value = order({ status: '4', stage: 'on_the_way', lines: order().lines.map((l) => ({ ...l, status: '4' })) });
    socket.receive(moved(42, '4'));
    await waitFor(() => expect(within(page).getByTestId('tracking-stage')).toHaveAttribute('data-stage', 'on_the_way'));
    await settled(4);
    // a repeated frame (an id already seen) is no news
    socket.receive(moved(42, '4'));
    await settled(4);
  });

  it('messages arriving during a read cost one more read after it, not one each', async () => {
    const { socket } = await open();
    ready(socket);
    await settled(2);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/delivery/seguimiento/:token/', async () => {
        reads.push('es');
        await held;
        return HttpResponse.json(current.value);
      }),
    );
    socket.receive(moved(41, '2'));
    socket.receive(moved(42, '4'));
    socket.receive(moved(43, '4'));
    await waitFor(() => expect(reads).toHaveLength(3));
    release();
    await settled(4);
  });

  it('after a reconnection it reads the order again only when the server says something happened', async () => {
    const { socket } = await open();
    ready(socket, false, 40);
    await settled(2);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    socket.drop(1006);
    expect(screen.getByTestId('tracking-live')).toHaveTextContent('Reconectando');
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    await waitFor(() => expect(sockets).toHaveLength(2));
    const again = sockets[1];
    again.open();
    expect(JSON.parse(again.sent[0])).toMatchObject({ tracking_token: TOKEN, last_id: 40 });
    ready(again, false, 40);
    await settled(2);
    again.drop(1012);
    await waitFor(() => expect(sockets).toHaveLength(3), { timeout: 4000 });
    sockets[2].open();
    ready(sockets[2], true, 55);
    await settled(3);
  });

  it('an unknown or expired link says so clearly', async () => {
    renderApp('/seguimiento?t=not-a-token');
    expect(await screen.findByTestId('tracking-gone')).toHaveTextContent('Enlace no válido');
    expect(screen.getByText(/deja de funcionar un día después de cerrado el pedido/)).toBeVisible();
  });

  it('a page open when its link runs out (4404 tracking_closed) shows the same message and stops', async () => {
    const { socket } = await open();
    ready(socket);
    socket.drop(4404, 'tracking_closed');
    expect(await screen.findByTestId('tracking-gone')).toBeVisible();
    await new Promise((r) => setTimeout(r, 1200));
    expect(sockets).toHaveLength(1);
  });

  it('a read answered after the link closed does not bring the order back', async () => {
    const { socket } = await open();
    let answer: (() => void) | null = null;
    server.use(
      http.get('*/api/delivery/seguimiento/:token/', () => new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json(current.value));
      })),
    );
    ready(socket); // the first ready reads the order once more: held until after the close
    await waitFor(() => expect(answer).not.toBeNull());
    socket.drop(4404, 'tracking_closed');
    expect(await screen.findByTestId('tracking-gone')).toBeVisible();
    answer!();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByTestId('tracking-gone')).toBeVisible();
    expect(screen.queryByTestId('tracking-total')).toBeNull();
  });

  it('a page without a token is the same message', async () => {
    renderApp('/seguimiento', { locale: 'en' });
    expect(await screen.findByTestId('tracking-gone')).toHaveTextContent('Link not valid');
    expect(reads).toHaveLength(0);
  });
});
