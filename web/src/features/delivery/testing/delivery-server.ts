import { http, HttpResponse } from 'msw';
import type { LiveMessage } from '@/features/notifications';
import type { Delivery, DeliveryLine, MenuCategory, MenuDish, Status } from '../api/keys';

/**
 * A fake of what the delivery screen calls (ordering's deliveries and their bulk update, catalog's
 * delivery menu, floor's menu QR), for its screen tests. It plays ordering's rules (the derived
 * status, the bulk update's readings, the contact rules' shapes) so that the screen, which keeps
 * no copy of them, has something to show. Every request is in `calls`; `requests()` lists them
 * as 'METHOD /path'.
 */
export const RESTAURANT = 7;

export function line(id: number, delivery: number, status: Status, extra: Partial<DeliveryLine> = {}): DeliveryLine {
  return {
    id, order: 500 + delivery, fk_sit: null, sit_name: '', fk_dish: 1, dish_name: 'Empanada', price: '1500.00', quantity: 2, status,
    extra_commentary: '', diner_name: '', fk_delivery: delivery, fk_resto: RESTAURANT, fk_user_client: null,
    creation_date: '2026-11-22T20:00:00Z', version: 1, cash: false, total_paid_amount: '0.00', ...extra,
  };
}

/** The delivery's derived status, as ordering stores it: the lowest line status ignoring rejected ones. */
function derived(lines: DeliveryLine[]): Status | null {
  if (!lines.length) return null;
  const open = lines.filter((l) => l.status !== '3').map((l) => l.status);
  return open.length ? ([...open].sort()[0] as Status) : '3';
}

export function delivery(id: number, extra: Partial<Delivery> = {}, lines?: DeliveryLine[]): Delivery {
  const ordenes = lines ?? [line(id * 10, id, '1')];
  const status = derived(ordenes);
  return {
    id, fk_resto: RESTAURANT, fk_menu: 1, type_delivery: 1, contact_info: { name: `Cliente ${id}`, phone: '1155554444' },
    address: `Av. Santa Fe ${1000 + id}, CABA`, fk_delivery: String(100000 + id), fk_sit: null, admin: true, status, delivery_status: status,
    total_amount: '0.00', order_total: '3000.00', cash_amount: null, details: '', creation_date: '2026-11-22T20:00:00Z', closed_at: null,
    ordenes, ...extra,
  };
}

export const DISHES: MenuDish[] = [
  { pk: 1, name: 'Empanada', description: '', price: '1500.00', menu_group: 11, disable: false, order: 0, dish_dimage: [], group_dish: { id: 11, name: 'Entradas', menu: 1 } },
  { pk: 2, name: 'Provoleta', description: '', price: '5200.00', menu_group: 11, disable: false, order: 1, dish_dimage: [], group_dish: { id: 11, name: 'Entradas', menu: 1 } },
  { pk: 3, name: 'Flan', description: '', price: '2500.00', menu_group: 12, disable: false, order: 0, dish_dimage: [], group_dish: { id: 12, name: 'Postres', menu: 1 } },
];
const CATEGORIES: MenuCategory[] = [
  { id: 12, name: 'Postres', menu: 1, sub_category: null, order: 1 },
  { id: 11, name: 'Entradas', menu: 1, sub_category: null, order: 0 },
];

type Call = { method: string; path: string; query: Record<string, string>; body: unknown; key: string | null };

export function deliveryServer(opts: { deliveries?: Delivery[]; deliveryMenu?: boolean; linked?: boolean } = {}) {
  const deliveries = opts.deliveries ?? [delivery(1)];
  // billing's online checkouts: line → the checkout holding it (the lines shown pending or
  // rejected); ordering refuses the counter those (409 online_payment_pending), billing cancels them
  const holds = new Map<number, number>(
    deliveries.flatMap((d) => d.ordenes.filter((l) => l.status_pay === 'pending' || l.status_pay === 'rejected').map((l) => [l.id, d.id] as [number, number])),
  );
  const checkouts: { id: number; delivery: number; key: string | null; total: string }[] = [];
  const calls: Call[] = [];
  /** A refusal the next call of that kind answers ('POST /api/ordenes/update-all/' …). */
  const refuse: Record<string, { status: number; body: unknown }> = {};
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : null, key: request.headers.get('Idempotency-Key') };
    calls.push(call);
    const refusal = refuse[`${call.method} ${call.path}`];
    if (refusal) {
      delete refuse[`${call.method} ${call.path}`];
      return { call, refused: HttpResponse.json(refusal.body as object, { status: refusal.status }) };
    }
    return { call, refused: null };
  };
  const find = (id: number) => deliveries.find((d) => d.id === id);
  const settle = (d: Delivery) => Object.assign(d, { status: derived(d.ordenes), delivery_status: derived(d.ordenes) });
  let nextId = 900;

  const handlers = [
    http.get('*/api/restaurant/', () => HttpResponse.json([{ id: RESTAURANT, id_resto: RESTAURANT, nombre_local: 'La Esquina' }])),
    http.get('*/api/menu/', () => HttpResponse.json([{ id: 1, name: 'Carta', restaurant: RESTAURANT, delivery: opts.deliveryMenu ?? true }, { id: 2, name: 'Salón', restaurant: RESTAURANT, delivery: false }])),
    http.get('*/api/qr/menu/:id/', async ({ request }) => {
      await record(request);
      return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
    }),
    http.get('*/api/dish/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(DISHES);
    }),
    http.get('*/api/menu-group/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(CATEGORIES);
    }),
    // before delivery/:id/, which would take 'ordenes' for an id
    http.get('*/api/delivery/ordenes/', async ({ request }) => {
      const { call } = await record(request);
      const { fk_resto, fk_delivery, status_delivery } = call.query;
      const chosen = deliveries.filter((d) =>
        fk_delivery ? d.id === Number(fk_delivery) : Number(fk_resto) === RESTAURANT && (!status_delivery || status_delivery === '0' || d.status === status_delivery),
      );
      // ordering's `can_pay`: accepted or delivered, not paid in cash
      return HttpResponse.json(chosen.flatMap((d) => d.ordenes.map((l) => ({ ...l, can_pay: ['2', '4'].includes(l.status) && !l.cash }))));
    }),
    http.post('*/api/pagar-orden/recibir-varios-pagos/', async ({ request }) => {
      const { call, refused } = await record(request);
      if (refused) return refused;
      const body = call.body as { payment_orders: number[]; type_pay: 'Efectivo' | 'Debito' | 'Credito' };
      const all = deliveries.flatMap((d) => d.ordenes);
      const lines = body.payment_orders.map((id) => all.find((l) => l.id === id)!);
      const held = body.payment_orders.filter((id) => holds.has(id));
      if (held.length) {
        return HttpResponse.json({ detail: 'Hay un pago de MercadoPago en curso para este pedido. Cancélelo para cobrarlo de otra forma.', code: 'online_payment_pending', lines: held }, { status: 409 });
      }
      // ordering's rules: a final line is a 208 and nothing is charged; a new one is not payable yet
      if (lines.some((l) => l.status === '3' || l.status === '6')) {
        return HttpResponse.json({ detail: 'La orden ya fue pagada.', code: 'line_final' }, { status: 208 });
      }
      if (lines.some((l) => l.status === '1')) return HttpResponse.json({ detail: 'Aceptá la orden antes de cobrarla.', code: 'not_payable' }, { status: 400 });
      const method = ({ Efectivo: 'cash', Debito: 'debit', Credito: 'credit' } as const)[body.type_pay];
      for (const l of lines) Object.assign(l, { status: '6', version: l.version + 1, cash: method === 'cash', status_pay: 'paid', total_paid_amount: l.price });
      for (const d of deliveries) settle(d);
      const touched = deliveries.filter((d) => d.ordenes.some((l) => lines.includes(l)));
      const open = touched.flatMap((d) => d.ordenes).filter((l) => ['1', '2', '4'].includes(l.status)).length;
      const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
      return HttpResponse.json({
        payment_id: 1, method, amount: (cents / 100).toFixed(2), paid_at: '2026-11-22T21:00:00Z', detail: 'Pago registrado.',
        orders_sit_count: null, data: { orders_delivery_count: open }, lines,
      });
    }),
    // billing: the restaurant's link, a delivery order's checkout, and cancelling the one holding a line
    http.post('*/api/restaurant-atributes/obtener-estado-mp/', () =>
      HttpResponse.json({ fk_resto: RESTAURANT, mp_active: opts.linked ?? false, linked_at: opts.linked ? '2026-11-01T12:00:00Z' : null }),
    ),
    http.post('*/api/pagar-orden/mercadopago/delivery/', async ({ request }) => {
      const { call, refused } = await record(request);
      if (refused) return refused;
      const d = find((call.body as { fk_delivery: number }).fk_delivery)!;
      const again = checkouts.find((c) => c.key === call.key);
      const payable = d.ordenes.filter((l) => ['2', '4'].includes(l.status) && !l.status_pay);
      if (!again && !payable.length) return HttpResponse.json({ detail: 'No hay nada para pagar.', code: 'nothing_to_pay' }, { status: 400 });
      const total = (payable.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0) / 100).toFixed(2);
      const checkout = again ?? { id: 700 + checkouts.length, delivery: d.id, key: call.key, total };
      if (!again) {
        checkouts.push(checkout);
        for (const l of payable) holds.set(l.id, d.id);
      }
      return HttpResponse.json({
        checkout: checkout.id, charge: checkout.id * 10, init_point: `https://mp.example/checkout?pref=${checkout.id}`, amount: checkout.total, tip: '0.00',
        total: checkout.total, marketplace_fee: '0.00', share: null, lines: payable.map((l) => l.id),
      }, { status: 201 });
    }),
    http.post('*/api/pagar-orden/:id/cancelar-mercadopago/', async ({ request, params }) => {
      const { refused } = await record(request);
      if (refused) return refused;
      const of = holds.get(Number(params.id));
      if (of == null) return HttpResponse.json({ detail: 'No encontrado.' }, { status: 404 });
      const freed = [...holds].filter(([, d]) => d === of).map(([l]) => l);
      for (const l of freed) holds.delete(l);
      for (const l of deliveries.flatMap((d) => d.ordenes)) if (freed.includes(l.id)) Object.assign(l, { status_pay: null, version: l.version + 1 });
      return HttpResponse.json({ checkout: of, state: 'cancelled', lines: freed, refunded: [], cancelled: [] });
    }),
    http.get('*/api/delivery/', async ({ request }) => {
      await record(request);
      const q = new URL(request.url).searchParams;
      const status = q.get('status_delivery');
      const matching = [...deliveries].sort((a, b) => b.id - a.id).filter((d) => !status || status === '0' || d.status === status);
      const size = Number(q.get('size') ?? 10);
      const page = Number(q.get('page') ?? 1);
      return HttpResponse.json({ count: matching.length, results: matching.slice((page - 1) * size, page * size) });
    }),
    http.get('*/api/delivery/:id/', async ({ request, params }) => {
      await record(request);
      const d = find(Number(params.id));
      return d ? HttpResponse.json(d) : HttpResponse.json({ detail: 'Pedido de delivery no encontrado.', code: 'delivery_not_found' }, { status: 404 });
    }),
    http.post('*/api/delivery/', async ({ request }) => {
      const { call, refused } = await record(request);
      if (refused) return refused;
      const body = call.body as { type_delivery: 1 | 2; contact_info: { name: string; phone: string }; address: string; fk_delivery: string; ordenes: { fk_dish: number; quantity: number; extra_commentary: string }[] };
      const id = ++nextId;
      const made = delivery(id, { type_delivery: body.type_delivery, contact_info: body.contact_info, address: body.address, fk_delivery: body.fk_delivery }, body.ordenes.map((o, i) => {
        const dish = DISHES.find((d) => d.pk === o.fk_dish)!;
        return line(id * 10 + i, id, '1', { fk_dish: o.fk_dish, dish_name: dish.name, price: dish.price, quantity: o.quantity, extra_commentary: o.extra_commentary });
      }));
      deliveries.push(made);
      return HttpResponse.json({ ...made, tracking_token: null }, { status: 201 });
    }),
    http.put('*/api/delivery/:id/', async ({ request, params }) => {
      const { call, refused } = await record(request);
      if (refused) return refused;
      const d = find(Number(params.id))!;
      const body = call.body as { type_delivery: number; contact_info: Delivery['contact_info']; address: string };
      Object.assign(d, { type_delivery: body.type_delivery, contact_info: body.contact_info, address: body.address });
      return HttpResponse.json(d);
    }),
    http.put('*/api/up-delivery-info/:id/', async ({ request, params }) => {
      const { call, refused } = await record(request);
      if (refused) return refused;
      const d = find(Number(params.id))!;
      d.details = (call.body as { details: string }).details;
      return HttpResponse.json({ id: d.id, fk_resto: RESTAURANT, fk_delivery: d.fk_delivery, details: d.details });
    }),
    http.post('*/api/ordenes/update-all/', async ({ request }) => {
      const { call, refused } = await record(request);
      if (refused) return refused;
      const body = call.body as { delivery: boolean; lines: { pk: number; status: Status; version: number }[] };
      const all = deliveries.flatMap((d) => d.ordenes);
      const lines = body.lines.map((item) => all.find((l) => l.id === item.pk)!);
      if (body.lines.some((item, i) => item.version !== lines[i].version)) {
        return HttpResponse.json({ detail: 'La orden cambió mientras tanto.', code: 'changed_meanwhile' }, { status: 409 });
      }
      // the delivery screen's reading: 2 from 1, 4 from 2, 3 from 1 or 2; the others stay
      const from: Record<string, Status[]> = { '2': ['1'], '4': ['2'], '3': ['1', '2'] };
      body.lines.forEach((item, i) => {
        if (from[item.status]?.includes(lines[i].status)) Object.assign(lines[i], { status: item.status, version: lines[i].version + 1 });
      });
      for (const d of deliveries) settle(d);
      return HttpResponse.json(lines);
    }),
  ];
  /** What the screen asked since `from` (an index into `calls`), as 'METHOD /path'. */
  const requests = (from = 0) => calls.slice(from).map((c) => `${c.method} ${c.path}`);
  return { calls, handlers, deliveries, refuse, requests, holds, checkouts };
}

/** A message of the staff socket about a delivery, as notifications sends it (contracts.live). */
export function deliveryMessage(
  type: 'new_delivery' | 'order_status' | 'delivery_changed',
  d: Delivery,
  opts: { id: number; fields?: string[]; fromAdmin?: boolean },
): LiveMessage {
  const changed = {
    resource: 'delivery' as const, fk_resto: RESTAURANT, fk_sit: null, fk_delivery: d.id, fk_menu: null, version: opts.id,
    lines: type === 'delivery_changed' ? [] : d.ordenes.map((l) => ({ id: l.id, status: l.status, version: l.version })),
  };
  const base = {
    id: opts.id, fk_resto: RESTAURANT, fk_sit: null, order_type: 'default_delivery' as const, description: `#${d.fk_delivery}`,
    from_admin: opts.fromAdmin ?? type !== 'new_delivery', origin: null, msg: `${type} #${d.fk_delivery}`, created_at: '2026-11-22T21:04:05Z', changed,
  };
  if (type === 'delivery_changed') {
    return { ...base, type, data: { fk_delivery: d.id, number: d.fk_delivery, fields: opts.fields ?? ['contact'], status: d.status } } as LiveMessage;
  }
  if (type === 'order_status') {
    return { ...base, type, data: { fk_delivery: d.id, changes: [] } } as LiveMessage;
  }
  return { ...base, type, data: { order_id: 1, kind: d.type_delivery === 1 ? 'delivery' : 'takeaway', source: 'diner', placed_by: '', fk_delivery: d.id, lines: [] } } as LiveMessage;
}
