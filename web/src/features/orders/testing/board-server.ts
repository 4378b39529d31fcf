import { http, HttpResponse } from 'msw';
import type { Place } from '@/lib/places';
import type { BoardTable, Line, Status, TableDetail } from '../api/types';

/**
 * A fake of what the board calls (ordering's tables, tabs and lines, floor's places), for the
 * board's screen tests. It plays the server's rules (display status, what may be rejected, the
 * bulk buttons) so that the screen, which keeps no copy of them, has something to show. Every
 * request is recorded in `calls`; `requests()` lists them as 'METHOD /path'.
 */
export const RESTAURANT = { id: 7, id_resto: 7, nombre_local: 'La Esquina' };

export function place(id: number, name: string, extra: Partial<Place> = {}): Place {
  return {
    id, fk_resto: 7, fk_menu: 1, menu_name: 'Carta', i_name: name, sit_type: 'mesa', x_axis: (id - 1) * 4, y_axis: 0, w_width: 3, h_high: 2,
    blocked: false, admin: true, details: '', is_active: false, call_waiter: false, call_kind: null, resizable: true, static: false,
    qr: `http://localhost/menus?p=tok${id}`, qr_code: `/api/qr/lugar/tok${id}.png`, ...extra,
  };
}

export function line(id: number, place: number, status: Status, extra: Partial<Line> = {}): Line {
  return {
    id, order: 100 + id, fk_sit: place, sit_name: `M${place}`, fk_dish: 1, dish_name: 'Empanada', price: '1500.00', quantity: 1, status,
    extra_commentary: '', diner_name: '', fk_delivery: null, fk_resto: 7, fk_user_client: null, creation_date: '2026-11-22T20:00:00Z',
    version: 1, cash: false, total_paid_amount: '0.00', can_reject: false, can_pay: false, next_status: null, ...extra,
  };
}

type Call = { method: string; path: string; query: Record<string, string>; body: unknown; key: string | null };

export function boardServer(opts: { places?: Place[]; lines?: Line[]; wait?: number; late?: number[]; holds?: Record<number, number>; cancelLag?: number } = {}) {
  const places = opts.places ?? [place(1, 'M1'), place(2, 'M2')];
  const lines = opts.lines ?? [];
  const calls: Call[] = [];
  const errors: Record<string, { status: number; body: unknown }> = {};
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({
      method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: text ? JSON.parse(text) : null,
      key: request.headers.get('Idempotency-Key'),
    });
  };
  // the server's rules, as ordering applies them
  const rules = (l: Line): Line => ({
    ...l,
    can_reject: (l.status === '1' || l.status === '2') && !l.cash,
    can_pay: (l.status === '2' || l.status === '4') && !l.cash,
    next_status: l.status === '1' ? '2' : l.status === '2' ? '4' : null,
  });
  const shown = (statuses: Status[]): Status | null => {
    if (!statuses.length) return null;
    const distinct = [...new Set(statuses)];
    return distinct.length === 1 ? distinct[0] : ([...distinct.filter((s) => s !== '3')].sort()[0] as Status);
  };
  const table = (p: Place): BoardTable => {
    const mine = lines.filter((l) => l.fk_sit === p.id);
    const counts: Record<string, number> = {};
    for (const l of mine) counts[l.status] = (counts[l.status] ?? 0) + 1;
    const status = shown(mine.map((l) => l.status));
    const late = opts.late?.includes(p.id) ?? false;
    const actions: BoardTable['actions'] = [];
    if (counts['1']) actions.push('aceptar');
    if (counts['2']) actions.push('entregar');
    if (status === '1' || status === '2') actions.push('rechazar');
    return {
      fk_sit: p.id, i_name: p.i_name, sit_type: p.sit_type, admin: p.admin, status, counts, newest_order_at: null, late,
      late_message: late ? `La mesa ${p.i_name} lleva más tiempo del indicado` : null, wait_time: opts.wait ?? 0, actions,
    };
  };
  const detail = (p: Place): TableDetail => ({ ...table(p), lines: lines.filter((l) => l.fk_sit === p.id).map(rules), max_quantity: 50, max_comment: 100 });
  const move = (l: Line, status: Status) => Object.assign(l, { status, version: l.version + 1 });
  // a payment moves its lines to 6 (one answer per Idempotency-Key); with nothing left open the table is reset
  const METHODS: Record<string, 'cash' | 'debit' | 'credit'> = { Efectivo: 'cash', Debito: 'debit', Credito: 'credit' };
  const paid = new Map<string, unknown>();
  let payments = 0;
  // billing's online checkouts: line → checkout holding it (every line shown pending or rejected
  // unless `holds` says otherwise); ordering refuses to pay those (409 online_payment_pending)
  const holds = new Map<number, number>(
    Object.entries(opts.holds ?? Object.fromEntries(lines.filter((l) => l.status_pay === 'pending' || l.status_pay === 'rejected').map((l) => [l.id, 1]))).map(([l, c]) => [Number(l), c]),
  );
  const cancelled: number[] = [];
  const payLines = (ids: number[], typePay: string, key: string) => {
    if (paid.has(key)) return HttpResponse.json(paid.get(key) as object);
    const held = ids.filter((id) => holds.has(id));
    if (held.length) {
      return HttpResponse.json(
        { detail: 'Hay un pago de MercadoPago en curso para este pedido. Cancélelo para cobrarlo de otra forma.', code: 'online_payment_pending', lines: held },
        { status: 409 },
      );
    }
    const mine = ids.map((id) => lines.find((x) => x.id === id)!);
    const final = mine.filter((l) => l.status === '3' || l.status === '6');
    if (final.length) {
      const detail = final.length === 1 ? `La orden ya está ${final[0].status === '6' ? 'pagada' : 'rechazada'}: no se puede cobrar.` : 'Hay órdenes pagadas';
      return HttpResponse.json({ detail, code: 'line_final', lines: final.map((l) => ({ id: l.id, status: l.status })) }, { status: 208 });
    }
    const method = METHODS[typePay];
    payments += 1;
    for (const l of mine) {
      move(l, '6');
      Object.assign(l, { cash: method === 'cash', status_pay: 'paid', account_pay: { payment_id: payments, method, transaction_details: { comission: null } } });
    }
    const answer = { detail: 'Pago registrado.', payment_id: payments, method, amount: '0.00', paid_at: '2026-11-22T21:00:00Z', lines: mine.map(rules), data: null,
      orders_sit_count: 0 };
    const place = mine[0].fk_sit;
    const open = lines.filter((l) => l.fk_sit === place && ['1', '2', '4'].includes(l.status));
    answer.orders_sit_count = open.length;
    if (!open.length) for (const l of lines.filter((x) => x.fk_sit === place)) lines.splice(lines.indexOf(l), 1);
    paid.set(key, answer);
    return HttpResponse.json(answer);
  };
  const failing = (key: string) => errors[key] && HttpResponse.json(errors[key].body as object, { status: errors[key].status });
  // an answer held back after the change is made (committed): its live message can come first
  let held: Promise<void> | null = null;
  const hold = () => {
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      held = null;
      release();
    };
  };

  const handlers = [
    http.get('*/api/restaurant/', () => HttpResponse.json([RESTAURANT])),
    http.get('*/api/menu/', () => HttpResponse.json([{ id: 1, name: 'Carta', restaurant: 7, delivery: false }])),
    http.get('*/api/dish/', () => HttpResponse.json([{ pk: 1, name: 'Empanada', price: '1500.00', disable: false }])),
    http.get('*/api/sit/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(places);
    }),
    http.post('*/api/sit/:id/mozo-enviado/', async ({ request, params }) => {
      await record(request);
      const p = places.find((x) => x.id === Number(params.id))!;
      Object.assign(p, { call_waiter: false, call_kind: null });
      return HttpResponse.json(p);
    }),
    http.get('*/api/ordenes/mesas/', async ({ request }) => {
      await record(request);
      return HttpResponse.json(places.map(table));
    }),
    http.get('*/api/ordenes/mesas/:id/', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json(detail(places.find((p) => p.id === Number(params.id))!));
    }),
    http.get('*/api/ordenes/', async ({ request }) => {
      await record(request);
      const q = new URL(request.url).searchParams;
      const status = q.get('status');
      const matching = lines.filter((l) => !status || status === '0' || l.status === status).map(rules);
      const size = Number(q.get('size') ?? 20);
      const page = Number(q.get('page') ?? 1);
      const results = size === -1 ? matching : matching.slice((page - 1) * size, page * size);
      return HttpResponse.json({ count: matching.length, results });
    }),
    http.post('*/api/ordenes/mesa/:id/:action/', async ({ request, params }) => {
      await record(request);
      const mine = lines.filter((l) => l.fk_sit === Number(params.id));
      const [from, to]: [Status[], Status] =
        params.action === 'aceptar' ? [['1'], '2'] : params.action === 'entregar' ? [['2'], '4'] : [['1', '2'], '3'];
      const moved = mine.filter((l) => from.includes(l.status)).map((l) => move(l, to));
      if (params.action === 'liberar') for (const l of mine) lines.splice(lines.indexOf(l), 1);
      return HttpResponse.json({ detail: 'ok', lines: moved });
    }),
    http.put('*/api/ordenes/:id/', async ({ request, params }) => {
      await record(request);
      const refused = failing('PUT');
      if (refused) return refused;
      const body = calls[calls.length - 1].body as { status: Status };
      const l = move(lines.find((x) => x.id === Number(params.id))!, body.status);
      if (held) await held;
      return HttpResponse.json(l);
    }),
    http.post('*/api/pagar-orden/recibir-varios-pagos/', async ({ request }) => {
      await record(request);
      const refused = failing('PAY');
      if (refused) return refused;
      const { body, key } = calls[calls.length - 1] as { body: { payment_orders: number[]; type_pay: string }; key: string };
      return payLines(body.payment_orders, body.type_pay, key);
    }),
    http.post('*/api/pagar-orden/:id/recibir-pago/', async ({ request, params }) => {
      await record(request);
      const refused = failing('PAY');
      if (refused) return refused;
      const { body, key } = calls[calls.length - 1] as { body: { type_pay: string }; key: string };
      return payLines([Number(params.id)], body.type_pay, key);
    }),
    // billing: ends the checkout holding the line, freeing all of its lines (404 when none holds it)
    http.post('*/api/pagar-orden/:id/cancelar-mercadopago/', async ({ request, params }) => {
      await record(request);
      const refused = failing('CANCEL');
      if (refused) return refused;
      const checkout = holds.get(Number(params.id));
      if (checkout == null) return HttpResponse.json({ detail: 'No encontrado.' }, { status: 404 });
      const freed = [...holds].filter(([, c]) => c === checkout).map(([l]) => l);
      // ordering frees the lines when billing's event reaches it: `cancelLag` ms after the answer
      const free = () => {
        for (const l of freed) {
          holds.delete(l);
          Object.assign(lines.find((x) => x.id === l) ?? {}, { status_pay: null });
        }
      };
      if (opts.cancelLag) setTimeout(free, opts.cancelLag);
      else free();
      cancelled.push(checkout);
      return HttpResponse.json({ checkout, state: 'cancelled', lines: freed, refunded: [], cancelled: [`mp-${checkout}`] });
    }),
    http.post('*/api/ordenes/', async ({ request }) => {
      await record(request);
      const body = calls[calls.length - 1].body as { ordenes: { fk_sit: number; fk_dish: number; quantity: number }[] };
      const created = body.ordenes.map((o, i) => line(900 + lines.length + i, o.fk_sit, '1', { quantity: o.quantity }));
      lines.push(...created);
      return HttpResponse.json(created, { status: 201 });
    }),
  ];
  /** What the board asked since `from` (an index into `calls`), as 'METHOD /path'. */
  const requests = (from = 0) => calls.slice(from).map((c) => `${c.method} ${c.path}`);
  return { calls, handlers, lines, places, errors, requests, move, hold, payments: () => payments, holds, cancelled };
}
