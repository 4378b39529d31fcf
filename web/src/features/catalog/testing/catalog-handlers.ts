import { http, HttpResponse } from 'msw';
import type { Dish, Menu, MenuTree } from '../api/types';

/**
 * A fake catalog service for the screens' tests, in the generated types' shapes. Each test builds
 * its own (`catalogServer()`), reads what the screens sent from `calls`, and overrides answers
 * with `server.use(...)` where it needs an error.
 */
export const RESTAURANT = { id: 7, id_resto: 7, nombre_local: 'La Esquina' };

export function menuTree(): MenuTree {
  return {
    menu: { id: 1, name: 'Carta', restaurant: 7, delivery: false },
    data: [
      {
        id: 10, group_pk: 10, name: 'Entradas', menu: 1, sub_category: null, order: 0, sub_categories: [],
        dishes: [
          { pk: 100, name: 'Empanada', order: 0, price: '1500.00', disable: false },
          { pk: 101, name: 'Provoleta', order: 1, price: '4200.00', disable: false },
        ],
      },
      {
        id: 20, group_pk: 20, name: 'Bebidas', menu: 1, sub_category: null, order: 1, dishes: [],
        sub_categories: [
          { id: 21, group_pk: 21, name: 'Vinos', menu: 1, sub_category: 20, order: 0, sub_categories: [], dishes: [{ pk: 200, name: 'Malbec', order: 0, price: '9000.00', disable: false }] },
        ],
      },
    ],
  };
}

export function dish(pk: number, name: string, price: string, category: { id: number; name: string }, extra: Partial<Dish> = {}): Dish {
  return {
    pk, name, price, description: `${name} casera`, menu_group: category.id, disable: false, order: 0,
    dish_dimage: [], group_dish: { id: category.id, name: category.name, menu: 1 }, ...extra,
  };
}

export type Call = { method: string; path: string; query: Record<string, string>; body: unknown };

export function catalogServer(opts: { menus?: Menu[]; dishes?: Dish[] } = {}) {
  const calls: Call[] = [];
  const menus: Menu[] = opts.menus ?? [{ id: 1, name: 'Carta', restaurant: 7, delivery: false }];
  const dishes: Dish[] = opts.dishes ?? [
    dish(100, 'Empanada', '1500.00', { id: 10, name: 'Entradas' }),
    dish(101, 'Provoleta', '4200.00', { id: 10, name: 'Entradas' }, { disable: true }),
    dish(200, 'Malbec', '9000.00', { id: 21, name: 'Vinos' }),
  ];
  const record = async (request: Request): Promise<Call> => {
    const url = new URL(request.url);
    let body: unknown = null;
    const type = request.headers.get('Content-Type') ?? '';
    if (type.includes('json')) body = await request.json();
    else if (type.includes('multipart')) body = Object.fromEntries((await request.formData()).entries());
    const call = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    calls.push(call);
    return call;
  };
  const handlers = [
    http.get('*/api/restaurant/', () => HttpResponse.json([RESTAURANT])),
    http.get('*/api/menu/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(menus);
    }),
    http.put('*/api/menu/:id/', async ({ request, params }) => {
      const call = await record(request);
      const menu = menus.find((m) => m.id === Number(params.id))!;
      Object.assign(menu, call.body as object);
      return HttpResponse.json(menu);
    }),
    http.delete('*/api/menu/:id/', async ({ request, params }) => {
      await record(request);
      menus.splice(menus.findIndex((m) => m.id === Number(params.id)), 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/nestable-menu/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(menuTree());
    }),
    http.put('*/api/create-nestable-menu/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ menus: [menuTree()] });
    }),
    http.post('*/api/create-nestable-menu/', async ({ request }) => {
      await record(request);
      const tree = { ...menuTree(), menu: { id: 2, name: 'Nuevo', restaurant: 7, delivery: false } };
      menus.push(tree.menu);
      return HttpResponse.json({ menus: [tree] }, { status: 201 });
    }),
    http.get('*/api/menu-group/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        count: 4,
        results: [
          { id: 10, name: 'Entradas', menu: 1, sub_category: null, order: 0 },
          { id: 20, name: 'Bebidas', menu: 1, sub_category: null, order: 1 },
          { id: 21, name: 'Vinos', menu: 1, sub_category: 20, order: 0 },
        ],
      });
    }),
    http.get('*/api/dish/', async ({ request }) => {
      const call = await record(request);
      const q = call.query;
      let list = dishes;
      if (q.menu_group) list = list.filter((d) => d.menu_group === Number(q.menu_group));
      if (q.search) list = list.filter((d) => d.name.toLowerCase().includes(q.search.toLowerCase()));
      const size = Number(q.size ?? 9);
      const page = Number(q.page ?? 1);
      return HttpResponse.json({ count: list.length, results: list.slice((page - 1) * size, page * size) });
    }),
    http.post('*/api/dish/', async ({ request }) => {
      const call = await record(request);
      const b = call.body as Record<string, string>;
      const created = dish(300, b.name, b.price, { id: Number(b.menu_group), name: 'Entradas' });
      dishes.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/dish/:id/', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(dishes.find((d) => d.pk === Number(params.id)));
    }),
    http.delete('*/api/dish/:id/', async ({ request, params }) => {
      await record(request);
      const at = dishes.findIndex((x) => x.pk === Number(params.id));
      if (at >= 0) dishes.splice(at, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/dish/:id/habilitar-inhabilitar/', async ({ request, params }) => {
      await record(request);
      const d = dishes.find((x) => x.pk === Number(params.id))!;
      d.disable = !d.disable;
      return HttpResponse.json(d);
    }),
    http.post('*/api/actualizar-precio-masivo/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ detail: 'Precios actualizados.', updated: 3, dish_no_update: [] });
    }),
    http.get('*/api/qr/menu/:id/', () => new HttpResponse(new Blob(['png']), { headers: { 'Content-Type': 'image/png' } })),
  ];
  return { calls, handlers, menus, dishes };
}
