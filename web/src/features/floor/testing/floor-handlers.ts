import { http, HttpResponse } from 'msw';
import type { Menu } from '@/lib/menus';
import type { Sit, SitInput } from '../api/types';

/**
 * A fake floor service (the spec's `sit/` API) for the screens' tests. `active` names the places
 * with open orders (a test may add one later: an order placed meanwhile): `verificar-sit/` says
 * so, and the delete call answers them in `active_locations` and keeps them.
 */
export const RESTAURANT = { id: 7, id_resto: 7, nombre_local: 'La Esquina' };

export function sit(id: number, name: string, extra: Partial<Sit> = {}): Sit {
  const type = name.startsWith('S') ? 'silla' : name.startsWith('D') ? 'delivery' : 'mesa';
  return {
    id, fk_resto: 7, fk_menu: 1, menu_name: 'Carta', i_name: name, sit_type: type, x_axis: id % 24, y_axis: 0, w_width: 1, h_high: 1,
    blocked: false, admin: true, details: '', is_active: false, call_waiter: false, call_kind: null, resizable: true, static: false,
    qr: `http://localhost/menus?p=tok${id}`, qr_code: `/api/qr/lugar/tok${id}.png`, ...extra,
  };
}

export type Call = { method: string; path: string; query: Record<string, string>; body: unknown };

export function floorServer(opts: { sits?: Sit[]; menus?: Menu[]; active?: string[] } = {}) {
  const calls: Call[] = [];
  const sits: Sit[] = opts.sits ?? [sit(1, 'M1'), sit(3, 'M3'), sit(5, 'S1')];
  const menus: Menu[] = opts.menus ?? [{ id: 1, name: 'Carta', restaurant: 7, delivery: false }];
  const active = new Set(opts.active ?? []);
  let next = 100;
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? JSON.parse(text) : null;
    const call = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    calls.push(call);
    return call;
  };
  const handlers = [
    http.get('*/api/restaurant/', () => HttpResponse.json([RESTAURANT])),
    http.get('*/api/menu/', () => HttpResponse.json(menus)),
    http.get('*/api/sit/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(sits);
    }),
    http.post('*/api/sit/', async ({ request }) => {
      const { body } = await record(request);
      const created = (body as { location: SitInput[] }).location.map((s) => sit(next++, s.i_name ?? '', s as Partial<Sit>));
      sits.push(...created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/sit/update/', async ({ request }) => {
      const { body } = await record(request);
      const changed = (body as { location: Sit[] }).location.map((b) => Object.assign(sits.find((x) => x.id === b.id)!, b));
      return HttpResponse.json(changed);
    }),
    http.post('*/api/sit/verificar-sit/', async ({ request }) => {
      const { body } = await record(request);
      const s = sits.find((x) => x.id === (body as { id: number }).id);
      return HttpResponse.json({ is_active: !!s && active.has(s.i_name) });
    }),
    http.post('*/api/sit/:id/nuevo-qr/', async ({ request, params }) => {
      await record(request);
      const s = sits.find((x) => x.id === Number(params.id))!;
      const token = `new${s.id}-${next++}`;
      Object.assign(s, { qr: `http://localhost/menus?p=${token}`, qr_code: `/api/qr/lugar/${token}.png` });
      return HttpResponse.json(s);
    }),
    // the A4 sheets: a PDF's first bytes are enough for the screen
    http.get('*/api/qr/sit/', async ({ request }) => {
      await record(request);
      return new HttpResponse('%PDF-1.7 fake', { headers: { 'Content-Type': 'application/pdf' } });
    }),
    http.post('*/api/sit/delete/', async ({ request }) => {
      const { body } = await record(request);
      const asked = (body as { location: { id: number }[] }).location;
      const kept = asked.map((a) => sits.find((s) => s.id === a.id)!).filter((s) => active.has(s.i_name));
      for (const a of asked) {
        const i = sits.findIndex((s) => s.id === a.id && !active.has(s.i_name));
        if (i >= 0) sits.splice(i, 1);
      }
      return HttpResponse.json({ active_locations: kept });
    }),
  ];
  return { calls, handlers, sits, active };
}
