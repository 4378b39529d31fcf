import { http, HttpResponse } from 'msw';
import type { CheckoutCreated, PayMode, ShareCreate, Tab, TabLine, TableCheckout, TableCheckoutCreate, TablePayState, Tip } from '../api/types';
import { shareCents } from '../pay/amounts';
import { menuHandler, placeHandler } from './fixtures';

type Call = { method: string; path: string; body: unknown; key: string | null };

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/**
 * Table M1 ('tok-m1') as a phone sees it, for the online payment's tests: ordering's tab (and the
 * order a phone places, answered with its id) and billing's table checkouts (issue 22), playing
 * billing's rules (services/billing checkout/rules.py): payable is accepted or delivered, unpaid
 * and in no other checkout; 'mine' by the orders sent; equal shares half up with the cents left on
 * the last; a tip as a percent (half up) or an amount up to what the charge pays, only where the
 * restaurant takes tips; one checkout per Idempotency-Key; its refusals. A new checkout holds its
 * lines (ordering then shows them 'pending'). `refuse` makes the next payment call answer that;
 * `calls` holds what the phone sent.
 */
export function payServer(opts: { lines?: TabLine[]; linked?: boolean; tips?: boolean; checkouts?: TableCheckout[] } = {}) {
  const tab: Tab = { fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: opts.lines ?? [], total: '0.00' };
  const state = { linked: opts.linked ?? true, tips: opts.tips ?? true };
  const checkouts: TableCheckout[] = opts.checkouts ?? [];
  const calls: Call[] = [];
  const byKey = new Map<string, CheckoutCreated>();
  const refuse: { next: { status: number; body: unknown } | null } = { next: null };
  let nextOrder = 60;
  let nextLine = 200;
  let nextCheckout = 900;

  const total = () => money(tab.lines.filter((l) => l.status !== '3').reduce((s, l) => s + cents(l.price) * l.quantity, 0));
  const payable = () => tab.lines.filter((l) => ['2', '4'].includes(l.status) && !l.status_pay);
  const tipOf = (body: Tip, amount: number) =>
    body.tip_percent != null ? Math.round((amount * body.tip_percent) / 100) : body.tip_amount != null ? cents(body.tip_amount) : 0;
  const answer = (c: TableCheckout, amount: number, body: Tip, share: CheckoutCreated['share']): CheckoutCreated => {
    const tip = tipOf(body, amount);
    return {
      checkout: c.checkout, charge: c.checkout * 10 + (share?.n ?? 1), init_point: `https://mp.example/checkout?pref=${c.checkout}-${share?.n ?? 1}`,
      amount: money(amount), tip: money(tip), total: money(amount + tip), marketplace_fee: money(Math.round(amount * 0.005)), share, lines: c.lines,
    };
  };
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { method: request.method, path: url.pathname + url.search, body: text ? JSON.parse(text) : null, key: request.headers.get('Idempotency-Key') };
    calls.push(call);
    return call;
  };
  const refused = () => {
    const r = refuse.next;
    refuse.next = null;
    return r && HttpResponse.json(r.body as object, { status: r.status });
  };

  const handlers = [
    menuHandler(),
    placeHandler(),
    http.get('*/api/ordenes/lugar/tok-m1/', () => HttpResponse.json({ ...tab, total: total() })),
    http.post('*/api/ordenes/lugar/tok-m1/', async ({ request }) => {
      const { body } = await record(request);
      const sent = body as { diner_name: string; ordenes: { fk_dish: number; quantity: number }[] };
      const order = nextOrder++;
      const prices: Record<number, [string, string]> = { 7: ['Empanada', '1500.00'], 8: ['Provoleta', '4200.00'], 9: ['Almendrado', '2000.00'] };
      const made = sent.ordenes.map((o) => ({
        id: nextLine++, order, fk_dish: o.fk_dish, dish_name: prices[o.fk_dish][0], price: prices[o.fk_dish][1], quantity: o.quantity, status: '1' as const,
        extra_commentary: '', diner_name: sent.diner_name, creation_date: '2026-11-22T20:30:00Z', status_pay: null,
      }));
      tab.lines.push(...made);
      return HttpResponse.json({ order, lines: made, total: total() }, { status: 201 });
    }),
    http.get('*/api/pagar-orden/mercadopago/mesa/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...state, checkouts } satisfies TablePayState);
    }),
    http.post('*/api/pagar-orden/mercadopago/mesa/', async ({ request }) => {
      const { body, key } = await record(request);
      const no = refused();
      if (no) return no;
      if (key && byKey.has(key)) return HttpResponse.json(byKey.get(key), { status: 201 });
      const sent = body as TableCheckoutCreate;
      const tipped = sent.tip_percent != null || sent.tip_amount != null;
      if (tipped && !state.tips) return HttpResponse.json({ detail: 'Sin propinas.', code: 'tips_off' }, { status: 400 });
      if (!state.linked) return HttpResponse.json({ detail: 'El restaurante no está vinculado.', code: 'marketplace_not_linked' }, { status: 409 });
      const mode: PayMode = sent.mode;
      const lines = mode === 'mine' ? payable().filter((l) => sent.orders?.includes(l.order)) : payable();
      if (!lines.length) return HttpResponse.json({ detail: 'No hay nada para pagar.', code: 'nothing_to_pay' }, { status: 400 });
      const sum = lines.reduce((s, l) => s + cents(l.price) * l.quantity, 0);
      const c: TableCheckout = {
        checkout: nextCheckout++, mode, shares: mode === 'share' ? sent.shares! : 1, shares_paid: 0, shares_taken: 1, amount: money(sum), state: 'open',
        lines: lines.map((l) => l.id), created_at: '2026-11-22T21:00:00Z',
      };
      checkouts.push(c);
      for (const l of lines) l.status_pay = 'pending';
      const share = mode === 'share' ? { n: 1, of: c.shares! } : null;
      const made = answer(c, share ? shareCents(sum, share.of) : sum, sent, share);
      if (key) byKey.set(key, made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.post('*/api/pagar-orden/mercadopago/mesa/:checkout/parte/', async ({ request, params }) => {
      const { body, key } = await record(request);
      const no = refused();
      if (no) return no;
      if (key && byKey.has(key)) return HttpResponse.json(byKey.get(key), { status: 201 });
      const c = checkouts.find((x) => x.checkout === Number(params.checkout));
      if (!c) return HttpResponse.json({ detail: 'No encontrado.' }, { status: 404 });
      if (c.shares_taken >= c.shares) return HttpResponse.json({ detail: 'Ya no quedan partes por pagar.', code: 'no_share_left' }, { status: 409 });
      c.shares_taken += 1;
      const amount = shareCents(cents(c.amount), c.shares, c.shares_taken === c.shares);
      const made = answer(c, amount, body as ShareCreate, { n: c.shares_taken, of: c.shares });
      if (key) byKey.set(key, made);
      return HttpResponse.json(made, { status: 201 });
    }),
  ];
  const payCalls = () => calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/pagar-orden/'));
  return { handlers, calls, payCalls, tab, state, checkouts, refuse };
}
