import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query';
import * as sound from '@/lib/sound';
import { SCREEN_ID } from '@/lib/screen';
import { KEYS } from '@/lib/storage';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import type { components } from '@/types/api/notifications';
import { FakeStaffSocket, liveMessage, playStaffSocket } from '../testing/fake-socket';

/**
 * The top bar's bell (spec part 1 §2, §3 'Session'), on a staff screen rendered from the real
 * routes: the badge is the server's unread count and each live message adds one, without asking
 * the server; `receive_noti` 'no' keeps it quiet; the list is read when opened; 'read all' clears it.
 */
const R = 7;
type Note = components['schemas']['NotificationPublic'];
let calls: string[];
let unread: number;
let notes: Note[];

const note = (id: number, msg: string, read = false): Note => ({
  id, type: 'new_order', fk_resto: R, fk_sit: 1, order_type: 'other', description: 'M1', from_admin: false, msg, created_at: '2026-11-22T21:04:05Z', data: {}, read,
});

playStaffSocket();

beforeEach(() => {
  vi.spyOn(sound, 'playNotificationSound').mockReturnValue(true);
  calls = [];
  unread = 3;
  notes = [note(12, 'Nuevo pedido en M1: 1 × Flan'), note(11, 'M2 llama al mozo', true)];
  const record = (request: Request) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.use(
    http.get('*/api/restaurant/', () => HttpResponse.json([{ id: R, id_resto: R, nombre_local: 'La Esquina' }])),
    http.get('*/api/ordenes/mesas/', () => HttpResponse.json([])),
    http.get('*/api/ordenes/mesas/:id/', () => new HttpResponse(null, { status: 404 })),
    http.get('*/api/sit/', () => HttpResponse.json([])),
    http.get('*/api/notificaciones/sin-leer/', ({ request }) => {
      record(request);
      return HttpResponse.json({ count: unread });
    }),
    http.get('*/api/notificaciones/', ({ request }) => {
      record(request);
      return HttpResponse.json({ count: notes.length, results: notes });
    }),
    http.post('*/api/notificaciones/leer-todas/', ({ request }) => {
      record(request);
      unread = 0;
      notes = notes.map((n) => ({ ...n, read: true }));
      return new HttpResponse(null, { status: 204 });
    }),
  );
});


const settled = () => waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
const badge = () => screen.getByTestId('bell-count');

/** A staff screen with the bell, its socket ready. */
async function openScreen() {
  renderApp('/ordenes', { as: 'operator' });
  await waitFor(() => expect(badge()).toHaveTextContent('3'));
  await waitFor(() => expect(FakeStaffSocket.all.filter((s) => !s.closed)).toHaveLength(1));
  FakeStaffSocket.last.ready(R);
  await settled();
}

describe('the bell', () => {
  it("counts the server's unread, then one more for each live message, with its toast and without asking the server", async () => {
    await openScreen();
    const before = calls.length;
    FakeStaffSocket.last.frame(liveMessage('waiter_call', { id: 20, restaurant: R, place: 2, msg: 'M2 llama al mozo' }));
    FakeStaffSocket.last.frame(liveMessage('new_order', { id: 21, restaurant: R, place: 1, msg: 'Nuevo pedido en M1: 2 × Empanada' }));
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
    expect(await screen.findByText('Nuevo pedido en M1: 2 × Empanada')).toBeInTheDocument();
    await settled();
    expect(calls.slice(before)).toEqual([]);
    expect(sound.playNotificationSound).toHaveBeenCalledTimes(2);
  });

  it("a message this tab's own call caused is counted without a toast; another tablet's still toasts", async () => {
    await openScreen();
    const mine = { ...liveMessage('order_status', { id: 23, restaurant: R, place: 1, msg: 'M1: 1 × Flan pasó a Aceptado' }), from_admin: true, origin: SCREEN_ID };
    const theirs = { ...liveMessage('order_status', { id: 24, restaurant: R, place: 2, msg: 'M2: 1 × Café pasó a Aceptado' }), from_admin: true, origin: 'other-tablet-0001' };
    FakeStaffSocket.last.frame(mine);
    FakeStaffSocket.last.frame(theirs);
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
    expect(await screen.findByText('M2: 1 × Café pasó a Aceptado')).toBeInTheDocument();
    expect(screen.queryByText('M1: 1 × Flan pasó a Aceptado')).not.toBeInTheDocument();
  });

  it("a diner's message always toasts, even naming this tab (only staff calls name a screen)", async () => {
    await openScreen();
    FakeStaffSocket.last.frame({ ...liveMessage('new_order', { id: 25, restaurant: R, place: 1, msg: 'Nuevo pedido en M1: 1 × Té' }), origin: SCREEN_ID });
    expect(await screen.findByText('Nuevo pedido en M1: 1 × Té')).toBeInTheDocument();
  });

  it('what was missed while away is not counted again: the catch-up is replayed before ready', async () => {
    await openScreen();
    const socket = FakeStaffSocket.last;
    const sockets = FakeStaffSocket.all.length;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    socket.drop(1006);
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    expect(FakeStaffSocket.all).toHaveLength(sockets + 1);
    const again = FakeStaffSocket.last;
    again.onopen?.();
    expect(JSON.parse(again.sent[0])).toMatchObject({ last_ids: { [R]: 0 } });
    again.frame(liveMessage('new_order', { id: 30, restaurant: R, place: 1 })); // replayed
    again.frame({ type: 'ready', last_id: 30, last_ids: { [R]: 30 }, resync: false, restaurants: [R] });
    await settled();
    expect(badge()).toHaveTextContent('3');
  });

  it("with receive_noti 'no' there is no toast and no count, and the board still moves", async () => {
    await openScreen();
    localStorage.setItem(KEYS.receiveNoti, 'no');
    FakeStaffSocket.last.frame(liveMessage('new_order', { id: 22, restaurant: R, place: 1, msg: 'Nuevo pedido en M1: 1 × Flan' }));
    await settled();
    expect(badge()).toHaveTextContent('3');
    expect(screen.queryByText('Nuevo pedido en M1: 1 × Flan')).not.toBeInTheDocument();
  });

  it('lists the newest when opened, and reads them all', async () => {
    const user = userEvent.setup();
    await openScreen();
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Notificaciones' }));
    expect(await screen.findByText('Nuevo pedido en M1: 1 × Flan')).toBeInTheDocument();
    expect(screen.getByText('M2 llama al mozo')).toBeInTheDocument();
    expect(calls.slice(before)).toEqual([`GET /api/notificaciones/?size=10&fk_resto=${R}`]);
    await user.click(screen.getByText('Marcar todas como leídas'));
    await waitFor(() => expect(badge()).not.toHaveTextContent(/\d/));
    expect(calls).toContain(`POST /api/notificaciones/leer-todas/?fk_resto=${R}`);
  });

  it('after missing more than the server keeps (resync), reads its count again', async () => {
    await openScreen();
    unread = 250;
    const before = calls.length;
    FakeStaffSocket.last.frame({ type: 'ready', last_id: 400, last_ids: { [R]: 400 }, resync: true, restaurants: [R] });
    await waitFor(() => expect(badge()).toHaveTextContent('99+'));
    expect(calls.slice(before)).toContain(`GET /api/notificaciones/sin-leer/?fk_resto=${R}`);
  });
});
