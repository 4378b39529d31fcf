import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuKeys, menusQuery } from '@/lib/menus';
import { server } from '@/testing/setup-tests';
import { seedSession } from '@/testing/test-utils';
import type { components } from '@/types/api/ordering';
import { addOrder } from './add-order';
import { changeStatus } from './change-status';
import { placesQuery } from '@/lib/places';
import { dishesQuery, getMenuDishes } from './get-dishes';
import { getLines, linesQuery } from './get-lines';
import { downloadReport } from './get-report';
import { getTable, tableQuery, withTable } from './get-table';
import { getTables, tablesQuery } from './get-tables';
import { openTicket } from './get-ticket';
import { ordersKeys } from './keys';
import { runTableAction } from './table-action';
import type { BoardTable, Line, TableDetail } from './types';
import { waiterSent } from './waiter-sent';

type Seen = { method: string; path: string; query: Record<string, string>; body: unknown; auth: string | null };
let seen: Seen[];

/** Answers `method path` with `body` (JSON, or a Blob as it is) and records each call. */
function answer(method: 'get' | 'post' | 'put', path: string, body: Blob | Parameters<typeof HttpResponse.json>[0], status = 200) {
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      seen.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : null, auth: request.headers.get('Authorization') });
      return body instanceof Blob ? new HttpResponse(body, { status }) : HttpResponse.json(body, { status });
    }),
  );
}

const line = (over: Partial<Line> = {}): Line => ({
  id: 1, order: 9, fk_sit: 4, sit_name: 'M1', fk_dish: 100, dish_name: 'Empanada', price: '1500.00', quantity: 2, status: '1',
  extra_commentary: '', diner_name: '', fk_delivery: null, fk_resto: 7, fk_user_client: null, creation_date: '2026-11-22T20:00:00Z',
  version: 3, cash: false, total_paid_amount: '0.00', can_reject: true, can_pay: false, next_status: '2', ...over,
});
const table = (over: Partial<BoardTable> = {}): BoardTable => ({
  fk_sit: 4, i_name: 'M1', sit_type: 'mesa', admin: true, status: '1', counts: { '1': 2 }, newest_order_at: null, late: false, late_message: null,
  wait_time: 0, actions: ['aceptar', 'rechazar'], ...over,
});

beforeEach(() => {
  seen = [];
  seedSession('operator');
});

describe("the board's fetchers (ordering, with floor's places and catalog's dishes)", () => {
  it('tables: GET ordenes/mesas/?fk_resto=, with the token', async () => {
    const answered: components['schemas']['TablePublic'] = table();
    answer('get', '/api/ordenes/mesas/', [answered]);
    expect(await getTables(7)).toEqual([answered]);
    expect(seen).toEqual([expect.objectContaining({ method: 'GET', path: '/api/ordenes/mesas/', query: { fk_resto: '7' }, auth: 'Token tok-operator' })]);
  });

  it("one table: GET ordenes/mesas/{id}/, its lines with it; its answer redraws the table's tile", async () => {
    const detail: TableDetail = { ...table({ status: '2', counts: { '2': 1 } }), lines: [line({ status: '2' })], max_quantity: 50, max_comment: 100 };
    answer('get', '/api/ordenes/mesas/4/', detail);
    expect(await getTable(4)).toEqual(detail);
    const qc = new QueryClient();
    qc.setQueryData(ordersKeys.tables(7), [table(), table({ fk_sit: 5, i_name: 'M2' })]);
    await qc.fetchQuery(tableQuery(7, 4));
    expect(qc.getQueryData<BoardTable[]>(ordersKeys.tables(7))?.map((t) => [t.fk_sit, t.status])).toEqual([[4, '2'], [5, '1']]);
    expect(withTable([], detail)).toEqual([table({ status: '2', counts: { '2': 1 } })]); // a place new to the board joins it
  });

  it("the list view: GET ordenes/ with the filters ('0' is every status), answered as a page", async () => {
    answer('get', '/api/ordenes/', { count: 1, results: [line()] });
    expect(await getLines(7, { status: '0', page: 2, size: 20 })).toEqual({ count: 1, results: [line()] });
    expect(seen[0].query).toEqual({ fk_sit__fk_resto: '7', status: '0', page: '2', size: '20' });
  });


  it("the add-order dialog: every dish of the table's menu (size -1), from a page or a list", async () => {
    const dish = { pk: 100, name: 'Empanada', price: '1500.00', disable: false };
    answer('get', '/api/dish/', { count: 1, results: [dish] });
    expect(await getMenuDishes(7, 3)).toEqual([dish]);
    expect(seen[0].query).toEqual({ menu_group__menu: '3', menu_group__menu__restaurant: '7', size: '-1' });
  });

  it('a new order: POST ordenes/ with the place on every line, each line new (1)', async () => {
    answer('post', '/api/ordenes/', [line()], 201);
    await addOrder(7, 4, [{ fk_dish: 100, quantity: 2, extra_commentary: 'sin sal' }]);
    expect(seen[0].body).toEqual({ fk_resto: 7, ordenes: [{ fk_dish: 100, quantity: 2, extra_commentary: 'sin sal', fk_sit: 4, status: '1' }] });
  });

  it("a line's status: PUT ordenes/{id}/ with the version it was read at", async () => {
    answer('put', '/api/ordenes/1/', line({ status: '2', version: 4 }));
    expect(await changeStatus({ line: line(), status: '2' })).toMatchObject({ status: '2', version: 4 });
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/api/ordenes/1/', body: { status: '2', version: 3 } });
  });

  it("the table's buttons: accept, deliver and reject by name; free the table at its own address", async () => {
    answer('post', '/api/ordenes/mesa/:sit/:action/', { detail: 'ok', lines: [] });
    await runTableAction({ sit: 4, action: 'aceptar' });
    await runTableAction({ sit: 4, action: 'rechazar' });
    await runTableAction({ sit: 4, action: 'liberar' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/ordenes/mesa/4/aceptar/', 'POST /api/ordenes/mesa/4/rechazar/', 'POST /api/ordenes/mesa/4/liberar/']);
  });

  it("the waiter sent: POST sit/{id}/mozo-enviado/ (floor), answered with the place", async () => {
    answer('post', '/api/sit/4/mozo-enviado/', { id: 4, call_waiter: false, call_kind: null });
    expect(await waiterSent(4)).toMatchObject({ id: 4, call_waiter: false });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/sit/4/mozo-enviado/', auth: 'Token tok-operator' });
  });

  describe('PDFs', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      vi.useRealTimers();
    });

    it("an order's ticket opens as a PDF in a new tab", async () => {
      answer('get', '/api/tickets/orden/9/', new Blob(['%PDF ticket'], { type: 'application/pdf' }));
      URL.createObjectURL = vi.fn(() => 'blob:ticket');
      const open = vi.spyOn(window, 'open').mockImplementation(() => null);
      await openTicket(9);
      expect(seen[0]).toMatchObject({ path: '/api/tickets/orden/9/', query: { format: 'pdf' }, auth: 'Token tok-operator' });
      expect(open).toHaveBeenCalledWith('blob:ticket', '_blank');
    });

    it("the active orders' report is saved under the restaurant's day, not UTC's: 22:30 in Buenos Aires is still that day", async () => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(new Date('2026-03-16T01:30:00Z'));
      answer('get', '/api/tickets/reporte/', new Blob(['%PDF report'], { type: 'application/pdf' }));
      URL.createObjectURL = vi.fn(() => 'blob:report');
      URL.revokeObjectURL = vi.fn();
      const saved: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      await downloadReport(7);
      expect(seen[0].query).toEqual({ fk_resto: '7' });
      expect(saved).toEqual(['resto_orders_report_2026-03-15.pdf']);
    });
  });
});

describe("the board's query keys", () => {
  it("one key per resource; a reconnection reads the board again (tables, tabs, list), not the menus or dishes", async () => {
    const qc = new QueryClient();
    const f = { status: '0', page: 1, size: 20 } as const;
    const all = {
      tables: tablesQuery(7).queryKey,
      table: tableQuery(7, 4).queryKey,
      lines: linesQuery(7, f).queryKey,
      places: placesQuery(7).queryKey,
      dishes: dishesQuery(7, 3).queryKey,
      menus: menusQuery(7).queryKey,
      otherRestaurant: tablesQuery(8).queryKey,
    };
    expect(new Set(Object.values(all).map((k) => JSON.stringify(k))).size).toBe(7);
    for (const key of Object.values(all)) qc.setQueryData(key, []);
    await qc.invalidateQueries({ queryKey: ordersKeys.board(7) });
    const stale = Object.entries(all)
      .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(['tables', 'table', 'lines']);
  });

  it("the restaurant's menus are one entry, under the key the catalog's changes invalidate", () => {
    expect(menusQuery(7).queryKey).toEqual(menuKeys.list(7));
    expect(menusQuery(7).queryKey.slice(0, menuKeys.all.length)).toEqual(menuKeys.all);
  });
});

describe("the board's layers", () => {
  it('go one way: the api files import neither the live door (live.ts) nor the hooks and screens above it', () => {
    const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], { query: '?raw', import: 'default', eager: true });
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const upward = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/from '(\.\.\/[^']*)'/g)].map((m) => `${file} imports ${m[1]}`),
    );
    expect(upward).toEqual([]);
  });
});
