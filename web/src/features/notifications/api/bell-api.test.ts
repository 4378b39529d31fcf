import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/setup-tests';
import { seedSession } from '@/testing/test-utils';
import { getNotifications } from './get-notifications';
import { getUnreadCount } from './get-unread';
import type { Notification } from './keys';
import { readAll } from './read-all';

const note = (id: number, read: boolean): Notification => ({
  id, type: 'new_order', fk_resto: 7, fk_sit: 4, order_type: 'other', description: 'M1', from_admin: false, msg: `Nuevo pedido ${id}`,
  created_at: '2026-11-22T20:00:00Z', data: {}, read,
});

let seen: { method: string; path: string; query: Record<string, string>; auth: string | null }[];
beforeEach(() => {
  seen = [];
  seedSession('owner');
  const record = (request: Request) => {
    const url = new URL(request.url);
    seen.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), auth: request.headers.get('Authorization') });
  };
  server.use(
    http.get('*/api/notificaciones/sin-leer/', ({ request }) => {
      record(request);
      return HttpResponse.json({ count: 3 });
    }),
    http.get('*/api/notificaciones/', ({ request }) => {
      record(request);
      return HttpResponse.json({ count: 12, results: [note(12, false), note(11, true)] });
    }),
    http.post('*/api/notificaciones/leer-todas/', ({ request }) => {
      record(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

describe("the bell's fetchers (notifications)", () => {
  it("the badge: the unread count of the selected restaurant, or of all the account's without one", async () => {
    expect(await getUnreadCount(7)).toBe(3);
    expect(await getUnreadCount(null)).toBe(3);
    expect(seen).toEqual([
      { method: 'GET', path: '/api/notificaciones/sin-leer/', query: { fk_resto: '7' }, auth: 'Token tok-owner' },
      { method: 'GET', path: '/api/notificaciones/sin-leer/', query: {}, auth: 'Token tok-owner' },
    ]);
  });

  it('the list: the newest ten, with their read mark', async () => {
    expect((await getNotifications(7)).map((n) => [n.id, n.read])).toEqual([
      [12, false],
      [11, true],
    ]);
    expect(seen[0].query).toEqual({ size: '10', fk_resto: '7' });
  });

  it('read all: POST leer-todas/ for the restaurant, answered with nothing', async () => {
    await expect(readAll(7)).resolves.toBeUndefined();
    expect(seen).toEqual([{ method: 'POST', path: '/api/notificaciones/leer-todas/', query: { fk_resto: '7' }, auth: 'Token tok-owner' }]);
  });
});
