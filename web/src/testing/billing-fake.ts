import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, vi } from 'vitest';
import type { components } from '@/types/api/billing';
import { formatPrice } from '@/lib/i18n/format';
import { identityFake } from './identity-fake';
import { server } from './setup-tests';

type Balance = components['schemas']['RestaurantBalance'];
type ProviderBalance = components['schemas']['ProviderBalance'];
type StatisticsRow = components['schemas']['StatisticsRow'];
type FeeRow = components['schemas']['FeeRow'];

export type BillingCall = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };

/** A fee-table row with nothing sold (billing's answer for a restaurant without sales). */
export function feeRow(id: number, over: Partial<FeeRow> = {}): FeeRow {
  return {
    id_resto: id,
    nombre_local: `Local ${id}`,
    fk_user: { username: `owner${id}@example.com` },
    total_orders: 0,
    application_fee: '0.50',
    importe_total: '0.00',
    importe_resto: '0.00',
    saldo_pagado: '0.00',
    cta_cte_resto: '0.00',
    ...over,
  };
}

/** `n` dishes, the most sold first, as the statistics answer them. */
export function statisticsRows(n: number): StatisticsRow[] {
  return Array.from({ length: n }, (_, i) => ({
    group_menu: i % 2 ? 'Bebidas' : 'Platos principales',
    dish_name: `Plato ${i + 1}`,
    quantity: 100 - i,
    amount: ((100 - i) * 1500).toFixed(2),
  }));
}

const NO_SALES = { es: 'No hay ventas en el período seleccionado.', en: 'There are no sales in the selected period.' };
const cents = (v: number) => Math.round(v * 100);

/**
 * An in-memory billing service (services/billing/README.md 'API') for the money screens: the
 * balance, statistics, the admin's fee table, fee setting and collections, with billing's rules
 * and its answers' shapes. `calls` records what the screens sent.
 */
export function billingFake() {
  const db = {
    /** the owner's figures for any filter; null: nothing sold in the period */
    balance: { importe_total: '12500.00', importe_resto: '62.50', ingreso_restaurante: '12437.50', cta_cte_resto: '140.25' } as Balance | null,
    /** what an operator sees: the cash sales only, never the current account */
    cashBalance: { importe_total: '4000.00', importe_resto: '20.00', ingreso_restaurante: '3980.00' } as Balance,
    statistics: statisticsRows(23),
    fees: [feeRow(1, { nombre_local: 'Resto Uno', total_orders: 42, importe_total: '28050.00', importe_resto: '140.25', cta_cte_resto: '140.25' }), feeRow(2, { nombre_local: 'Resto Dos' })],
    /** the linked MercadoPago account's balance; null: not linked (404); 'down': the provider does not answer (502) */
    provider: null as ProviderBalance | null | 'down',
    /** Idempotency-Key → the collection it recorded */
    collections: new Map<string, { resto: number; credit: string; left: string }>(),
  };
  const calls: BillingCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.headers.get('Content-Type')?.includes('json') ? await request.clone().json() : null;
    const call = { method: request.method, path: url.pathname, query: url.searchParams, body, headers: request.headers };
    calls.push(call);
    return call;
  };
  const lang = (request: Request) => (request.headers.get('Accept-Language') === 'en' ? 'en' : 'es');
  const page = <T,>(rows: T[], q: URLSearchParams, size0: number) => {
    const size = Number(q.get('size') ?? size0);
    const p = Number(q.get('page') ?? 1);
    const all = ['0', 'false'].includes(q.get('paginate') ?? '') || size <= 0;
    return { count: rows.length, results: all ? rows : rows.slice((p - 1) * size, p * size) };
  };

  const handlers = [
    http.post('*/api/obtener-balance/resto-balance/', async ({ request }) => {
      await record(request);
      const operator = request.headers.get('Authorization') === 'Token tok-operator';
      if (!db.balance) return HttpResponse.json({ detail: NO_SALES[lang(request)], code: 'no_sales_in_range' });
      return HttpResponse.json(operator ? db.cashBalance : db.balance);
    }),
    http.get(/\/api\/obtener-balance\/\d+\/$/, async ({ request }) => {
      await record(request);
      if (db.provider === 'down') return HttpResponse.json({ detail: 'MercadoPago no respondió.', code: 'provider_unreachable' }, { status: 502 });
      if (!db.provider) return HttpResponse.json({ detail: 'No encontrado.' }, { status: 404 });
      return HttpResponse.json(db.provider);
    }),
    http.get('*/api/obtener-balance/resto-statistics/', async ({ request }) => {
      const { query } = await record(request);
      const total = db.statistics.reduce((sum, r) => sum + cents(Number(r.amount)), 0);
      return HttpResponse.json({ ...page(db.statistics, query, 10), total_amount: (total / 100).toFixed(2) });
    }),
    http.get('*/api/obtener-balance/resto-fee/', async ({ request }) => {
      const { query } = await record(request);
      const search = (query.get('search') ?? '').toLowerCase();
      const rows = db.fees.filter((r) => !search || `${r.nombre_local} ${r.fk_user.username}`.toLowerCase().includes(search));
      return HttpResponse.json(page(rows, query, 20));
    }),
    http.put('*/api/comision-resto/:id/', async ({ request, params }) => {
      const { body } = await record(request);
      const raw = (body as { application_fee?: unknown }).application_fee;
      const fee = Number(raw);
      const refuse = (es: string) => HttpResponse.json({ application_fee: [es] }, { status: 400 });
      if (raw == null || raw === '') return refuse('La comisión es requerida.');
      if (!(fee >= 0 && fee <= 100)) return refuse('La comisión debe estar entre 0 y 100.');
      if (!/^\d+(\.\d{1,2})?$/.test(String(raw))) return refuse('La comisión admite a lo sumo 2 decimales.');
      const value = fee.toFixed(2);
      db.fees = db.fees.map((r) => (r.id_resto === Number(params.id) ? { ...r, application_fee: value } : r));
      return HttpResponse.json({ id: Number(params.id), application_fee: value, effective_at: '2026-03-10T12:00:00Z' });
    }),
    http.post('*/api/control-fee/paga-comision/', async ({ request }) => {
      const { query, body } = await record(request);
      const resto = Number(query.get('resto'));
      const key = request.headers.get('Idempotency-Key');
      const credit = Number((body as { credit?: unknown }).credit);
      const row = db.fees.find((r) => r.id_resto === resto);
      if (!row) return HttpResponse.json({ detail: 'No encontrado.' }, { status: 404 });
      const seen = key ? db.collections.get(key) : undefined;
      if (seen) {
        if (seen.resto !== resto || seen.credit !== credit.toFixed(2)) {
          return HttpResponse.json({ detail: 'Esta clave Idempotency-Key ya se usó para otro cobro.', code: 'idempotency_key_reused' }, { status: 409 });
        }
        return HttpResponse.json({ monto_deuda_total: seen.left });
      }
      if (!(credit > 0)) return HttpResponse.json({ detail: 'El monto a cobrar debe ser mayor a 0.', code: 'credit_min' }, { status: 400 });
      const owed = cents(Number(row.cta_cte_resto));
      if (cents(credit) > owed) {
        return HttpResponse.json({ detail: `El monto a cobrar no puede superar la deuda del restaurante (${formatPrice(row.cta_cte_resto, 'es')}).`, code: 'credit_max' }, { status: 400 });
      }
      const left = ((owed - cents(credit)) / 100).toFixed(2);
      row.cta_cte_resto = left;
      row.saldo_pagado = ((cents(Number(row.saldo_pagado)) + cents(credit)) / 100).toFixed(2);
      if (key) db.collections.set(key, { resto, credit: credit.toFixed(2), left });
      return HttpResponse.json({ monto_deuda_total: left });
    }),
  ];
  return {
    db,
    calls,
    handlers,
    last: (method: string, path: RegExp) => [...calls].reverse().find((c) => c.method === method && path.test(c.path)),
    all: (method: string, path: RegExp) => calls.filter((c) => c.method === method && path.test(c.path)),
  };
}

/**
 * The money screens' tests: before each test, fresh billing and identity fakes serve the app and
 * the clock reads 15 March 2026, 12:00 (the date range picker's default month ends there). The
 * returned object holds the running test's fakes.
 */
export function withMoneyFakes() {
  const fakes = {} as { billing: ReturnType<typeof billingFake>; identity: ReturnType<typeof identityFake> };
  beforeEach(() => {
    fakes.billing = billingFake();
    fakes.identity = identityFake();
    server.use(...fakes.identity.handlers, ...fakes.billing.handlers);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 2, 15, 12, 0));
  });
  afterEach(() => vi.useRealTimers());
  return fakes;
}
