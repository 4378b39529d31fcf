import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import type { TableCheckout } from './api/types';
import { navigation } from './navigation';
import { nextShareCents, shareCents, tipBody, tipCents } from './pay/amounts';
import { SPLIT_REFRESH_MS } from './components/table-tab';
import { payDialogLoader } from './components/table-pay';
import { FakeSocket, recordSockets } from './testing/fake-socket';
import { tabLine as line } from './testing/fixtures';
import { payServer } from './testing/pay-server';

/**
 * Paying online from the table's phone (issue 22): the 'Pay' button under the tab when the
 * restaurant is linked and something is payable, the dialog's three ways (the whole tab, what
 * this phone ordered, equal shares), the tip, the amounts, the marketplace's page, an open split
 * seen from another phone, the refusals, and the lines' payment states. A fake billing and
 * ordering (testing/pay-server.ts) play the server's rules.
 */
let fake: ReturnType<typeof payServer>;
let open: MockInstance<typeof navigation.open>;

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('WebSocket', FakeSocket);
  open = vi.spyOn(navigation, 'open').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Two empanadas (Ana, order 50, accepted) and a provoleta (Beto, order 51, delivered): $ 7.200,00 to pay. */
const LINES = () => [
  line({ id: 100, order: 50, status: '2' }),
  line({ id: 101, order: 51, fk_dish: 8, dish_name: 'Provoleta', price: '4200.00', quantity: 1, status: '4', diner_name: 'Beto' }),
];

/** An equal split under way at the table, holding both lines. */
const split = (checkout: number, over: Partial<TableCheckout>): TableCheckout => ({
  checkout, mode: 'share', shares: 2, shares_paid: 0, shares_taken: 1, amount: '7200.00', state: 'open', lines: [100, 101], created_at: '2026-11-22T21:00:00Z', ...over,
});

async function openTable(opts: Parameters<typeof payServer>[0] = {}, locale: 'es' | 'en' = 'es', mine: number[] = []) {
  fake = payServer({ lines: LINES(), ...opts });
  server.use(...fake.handlers);
  renderApp('/menus?p=tok-m1', { locale });
  // the orders this phone placed, as the app keeps them (renderApp has just cleared storage)
  if (mine.length) localStorage.setItem('diner-orders:tok-m1', JSON.stringify(mine));
  return screen.findByTestId('table-tab');
}

const text = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ');
/** An accessible name as written, whatever space the currency format puts ($\u00a01.500,00). */
const named = (name: string) => new RegExp(`^${name.replace(/[$().]/g, '\\$&').replace(/ /g, '\\s')}$`);
const user = () => userEvent.setup();

async function openPay(u: ReturnType<typeof userEvent.setup>, label = 'Pagar', title = 'Pagar la cuenta') {
  await u.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: title });
}

describe('the arithmetic shown before paying (billing charges the same)', () => {
  it('equal shares round down and the last takes the cents left; a percent tip rounds half up; an amount is sent as typed', () => {
    expect([shareCents(1000, 3), shareCents(1000, 3, true)]).toEqual([333, 334]);
    expect([shareCents(1001, 2), shareCents(1001, 2, true)]).toEqual([501, 500]); // half up, the last takes the rest
    expect([shareCents(150, 20), shareCents(150, 20, true)]).toEqual([7, 17]); // half up would leave the last below 0
    expect(nextShareCents({ amount: '10.00', shares: 3, shares_taken: 1 })).toBe(333);
    expect(nextShareCents({ amount: '10.00', shares: 3, shares_taken: 2 })).toBe(334);
    expect(tipCents({ kind: 'percent', percent: 15 }, 1005)).toBe(151);
    expect(tipCents({ kind: 'amount', text: '1.500,50' }, 200000)).toBe(150050);
    // billing refuses a tip that is not money, not above 0, or over what the charge pays
    expect(['mucho', '0', '2000.01'].map((text) => tipCents({ kind: 'amount', text }, 200000))).toEqual([NaN, NaN, NaN]);
    expect(tipBody({ kind: 'amount', text: '500' })).toEqual({ tip_percent: null, tip_amount: '500.00' });
    expect(tipBody({ kind: 'percent', percent: 20 })).toEqual({ tip_percent: 20, tip_amount: null });
    expect(tipBody({ kind: 'none' })).toEqual({ tip_percent: null, tip_amount: null });
  });
});

describe("the table's 'Pay' (/menus?p=<token>)", () => {
  it('shows no Pay while the restaurant is not linked; lines held by an online payment say so', async () => {
    const tab = await openTable({
      linked: false,
      lines: [line({ id: 100, status: '2', status_pay: 'pending' }), line({ id: 101, status: '4', status_pay: 'rejected' }), line({ id: 102, status: '2' })],
    });
    await waitFor(() => expect(within(tab).getAllByTestId('line-pay')).toHaveLength(2));
    expect(within(tab).getAllByTestId('line-pay').map((p) => p.textContent)).toEqual(['Pago pendiente', 'Pago rechazado']);
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/api/pagar-orden/mercadopago/mesa/?t=tok-m1')).toBe(true));
    expect(screen.queryByTestId('table-pay')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
  });

  it('shows no Pay when nothing is payable: paid, rejected, being paid, or not accepted yet', async () => {
    await openTable({
      lines: [
        line({ id: 100, status: '6', status_pay: 'paid' }), line({ id: 101, status: '3' }), line({ id: 102, status: '2', status_pay: 'pending' }),
        line({ id: 103, status: '4', status_pay: 'rejected' }), line({ id: 104, status: '1' }),
      ],
    });
    expect(await screen.findByTestId('table-pay')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
  });

  it("loads the dialog's code on the first tap, not with the menu", async () => {
    const load = vi.spyOn(payDialogLoader, 'load');
    await openTable();
    expect(await screen.findByRole('button', { name: 'Pagar' })).toBeVisible();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('pay-dialog')).toBeNull();
    await openPay(user());
    expect(load).toHaveBeenCalled();
    expect(screen.getByTestId('pay-dialog')).toBeVisible();
  });

  it('pays the whole tab with a 10 % tip: lines, tip and total in pesos, then the marketplace page', async () => {
    const u = user();
    await openTable({
      lines: [...LINES(), line({ id: 102, status: '3', dish_name: 'Flan' }), line({ id: 103, status: '6', status_pay: 'paid', dish_name: 'Vino' })],
    });
    const dialog = await openPay(u);
    expect(within(dialog).getByRole('radio', { name: 'Toda la mesa' })).toBeChecked();
    // what billing can still charge: not the rejected flan, not the wine already paid
    expect(within(dialog).getByTestId('pay-lines').textContent).toMatch(/2 x Empanada.*1 x Provoleta/);
    expect(within(dialog).queryByText(/Flan|Vino/)).toBeNull();
    expect(text(within(dialog).getByTestId('pay-amount'))).toBe('Pedidos$ 7.200,00');
    await u.click(within(dialog).getByRole('button', { name: '10 %' }));
    expect(within(dialog).getByRole('button', { name: '10 %' })).toHaveAttribute('aria-pressed', 'true');
    expect(text(within(dialog).getByTestId('pay-tip'))).toBe('Propina$ 720,00');
    expect(text(within(dialog).getByTestId('pay-total'))).toBe('Total a pagar$ 7.920,00');
    await u.click(within(dialog).getByRole('button', { name: named('Pagar $ 7.920,00') }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://mp.example/checkout?pref=900-1'));
    const [call] = fake.payCalls();
    expect([call.path, call.body]).toEqual(['/api/pagar-orden/mercadopago/mesa/', { t: 'tok-m1', mode: 'tab', tip_percent: 10, tip_amount: null }]);
    expect(call.key).toMatch(/^[\w-]{8,100}$/);
  });

  it('pays only what this phone ordered: the order placed from it (once accepted), with a tip typed as an amount', async () => {
    const u = user();
    const sockets = recordSockets();
    await openTable();
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0].open();
    sockets[0].receive({ type: 'ready', last_id: 5, resync: false, fk_resto: 10, fk_sit: 4, fk_menu: 30 });
    // order a provoleta from this phone: the app remembers the order it placed
    await u.click(await screen.findByTestId('dish-Provoleta'));
    await u.click(within(await screen.findByRole('dialog', { name: 'Provoleta' })).getByRole('button', { name: /Agregar al pedido/ }));
    await u.click(await screen.findByTestId('open-cart'));
    const review = await screen.findByRole('dialog', { name: 'Tu pedido' });
    await u.type(within(review).getByRole('textbox', { name: /Tu nombre/ }), 'Caro');
    await u.click(within(review).getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText(/Pedido enviado/)).toBeVisible();
    await waitFor(() => expect(within(screen.getByTestId('table-tab')).getByText('Pidió Caro')).toBeVisible());
    // the staff accept it: only accepted or delivered lines are payable
    const placed = fake.tab.lines.at(-1)!;
    placed.status = '2';
    sockets[0].receive({
      id: 6, type: 'order_status', fk_sit: 4, msg: '', data: { changes: [{ id: placed.id, status: '2' }] },
      changed: { resource: 'tab', fk_resto: 10, fk_sit: 4, fk_delivery: null, fk_menu: null, lines: [{ id: placed.id, status: '2', version: 2 }], version: 6 },
    });
    await waitFor(() => expect(within(screen.getByTestId(`tab-line-${placed.id}`)).getByTestId('line-status')).toHaveTextContent('En preparación'));

    const dialog = await openPay(u);
    await u.click(within(dialog).getByRole('radio', { name: 'Lo que pedí' }));
    expect(within(dialog).getByTestId('pay-lines').textContent).toMatch(/^1 x Provoleta/);
    expect(within(dialog).getByTestId('pay-lines').textContent).not.toMatch(/Empanada/);
    expect(text(within(dialog).getByTestId('pay-amount'))).toBe('Pedidos$ 4.200,00');
    await u.click(within(dialog).getByRole('button', { name: 'Otro monto' }));
    await u.click(within(dialog).getByRole('button', { name: /Pagar \$/ }));
    expect(await within(dialog).findByText(/^Ingresá un monto mayor que 0 y de hasta \$\s4\.200,00\.$/)).toBeVisible();
    await u.type(within(dialog).getByRole('textbox', { name: 'Monto de la propina' }), '4200,01');
    await u.click(within(dialog).getByRole('button', { name: /Pagar \$/ }));
    expect(within(dialog).getByText(/^Ingresá un monto mayor que 0/)).toBeVisible();
    expect(fake.payCalls()).toHaveLength(0);
    await u.clear(within(dialog).getByRole('textbox', { name: 'Monto de la propina' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Monto de la propina' }), '500');
    expect(text(within(dialog).getByTestId('pay-total'))).toBe('Total a pagar$ 4.700,00');
    await u.click(within(dialog).getByRole('button', { name: named('Pagar $ 4.700,00') }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const call = fake.payCalls().at(-1)!;
    expect(call.body).toEqual({ t: 'tok-m1', mode: 'mine', orders: [60], tip_percent: null, tip_amount: '500.00' });
  });

  it("'what I ordered' is off on a phone that ordered nothing, and says why", async () => {
    const dialog = await (async () => {
      await openTable();
      return openPay(user());
    })();
    expect(within(dialog).getByRole('radio', { name: 'Lo que pedí' })).toBeDisabled();
    expect(within(dialog).getByText(/No pediste nada desde este teléfono/)).toBeVisible();
  });

  it('splits in equal shares (2 to 20 people); no tip when the restaurant has tips off', async () => {
    const u = user();
    await openTable({ tips: false }, 'es', [51]);
    const dialog = await openPay(u);
    expect(within(dialog).queryByText('Propina')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '10 %' })).toBeNull();
    await u.click(within(dialog).getByRole('radio', { name: 'En partes' }));
    expect(within(dialog).getByTestId('pay-people')).toHaveTextContent('2 personas');
    expect(within(dialog).getByRole('button', { name: 'Una persona menos' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'Una persona más' }));
    expect(within(dialog).getByText(/La mesa suma \$\s7\.200,00: cada parte es de \$\s2\.400,00\./)).toBeVisible();
    expect(text(within(dialog).getByTestId('pay-amount'))).toBe('Tu parte$ 2.400,00');
    expect(text(within(dialog).getByTestId('pay-total'))).toBe('Total a pagar$ 2.400,00');
    for (let i = 3; i < 20; i++) await u.click(within(dialog).getByRole('button', { name: 'Una persona más' }));
    expect(within(dialog).getByTestId('pay-people')).toHaveTextContent('20 personas');
    expect(within(dialog).getByRole('button', { name: 'Una persona más' })).toBeDisabled();
    for (let i = 20; i > 3; i--) await u.click(within(dialog).getByRole('button', { name: 'Una persona menos' }));
    await u.click(within(dialog).getByRole('button', { name: named('Pagar $ 2.400,00') }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(fake.payCalls()[0].body).toEqual({ t: 'tok-m1', mode: 'share', shares: 3, tip_percent: null, tip_amount: null });
  });

  it("another phone sees the open split and pays the next share (the last one takes the cents left)", async () => {
    const u = user();
    const held = LINES().map((l) => ({ ...l, status_pay: 'pending' as const }));
    await openTable({
      lines: held,
      checkouts: [split(77, { shares: 3, shares_paid: 1, shares_taken: 2, amount: '7200.01' })],
    });
    const card = await screen.findByTestId('split-77');
    expect(card).toHaveTextContent('Pagando en 3 partes iguales: 1 pagada');
    // everything is held by the split: no new payment of the tab
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
    await u.click(within(card).getByRole('button', { name: named('Pagar una parte ($ 2.400,01)') }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar una parte' });
    expect(within(dialog).getByText(/Parte 3 de 3\. La mesa suma \$\s7\.200,01\./)).toBeVisible();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: '15 %' }));
    expect(text(within(dialog).getByTestId('pay-tip'))).toBe('Propina$ 360,00');
    expect(text(within(dialog).getByTestId('pay-total'))).toBe('Total a pagar$ 2.760,01');
    await u.click(within(dialog).getByRole('button', { name: named('Pagar $ 2.760,01') }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://mp.example/checkout?pref=77-3'));
    expect([fake.payCalls()[0].path, fake.payCalls()[0].body]).toEqual(['/api/pagar-orden/mercadopago/mesa/77/parte/', { t: 'tok-m1', tip_percent: 15, tip_amount: null }]);
  });

  it('a split opened on another phone shows when the tab says its lines are being paid', async () => {
    const sockets = recordSockets();
    const tab = await openTable();
    expect(await screen.findByRole('button', { name: 'Pagar' })).toBeVisible();
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0].open();
    sockets[0].receive({ type: 'ready', last_id: 5, resync: false, fk_resto: 10, fk_sit: 4, fk_menu: 30 });
    // the other phone's checkout: billing holds the lines, ordering shows them pending
    for (const l of fake.tab.lines) l.status_pay = 'pending';
    fake.checkouts.push(split(78, { shares: 2, shares_taken: 1, amount: '7200.00' }));
    sockets[0].receive({
      id: 6, type: 'order_status', fk_sit: 4, msg: '', data: { changes: [] },
      changed: { resource: 'tab', fk_resto: 10, fk_sit: 4, fk_delivery: null, fk_menu: null, lines: [{ id: 100, status: '2', version: 3 }], version: 6 },
    });
    expect(await screen.findByTestId('split-78')).toHaveTextContent('Pagando en 2 partes iguales: ninguna pagada');
    expect(within(tab).getAllByTestId('line-pay').map((p) => p.textContent)).toEqual(['Pago pendiente', 'Pago pendiente']);
    expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull();
  });

  it("another phone's share paid shows without a message (no line changes): read again when the phone is looked at, and every 10 s", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const held = LINES().map((l) => ({ ...l, status_pay: 'pending' as const }));
      await openTable({ lines: held, checkouts: [split(79, { shares: 3, shares_taken: 2 })] });
      const card = await screen.findByTestId('split-79');
      expect(card).toHaveTextContent('Pagando en 3 partes iguales: ninguna pagada');
      const reads = () => fake.calls.filter((c) => c.path === '/api/pagar-orden/mercadopago/mesa/?t=tok-m1').length;
      const before = reads();
      // the diner takes the phone out of the pocket
      fake.checkouts[0].shares_paid = 1;
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(card).toHaveTextContent('Pagando en 3 partes iguales: 1 pagada'));
      expect(reads()).toBe(before + 1);
      // and while the split stays open, now and then
      fake.checkouts[0].shares_paid = 2;
      vi.advanceTimersByTime(SPLIT_REFRESH_MS);
      await waitFor(() => expect(card).toHaveTextContent('Pagando en 3 partes iguales: 2 pagadas'));
      expect(reads()).toBe(before + 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the marketplace down: the error says so, and the retry keeps the Idempotency-Key', async () => {
    const u = user();
    await openTable();
    const dialog = await openPay(u);
    fake.refuse.next = { status: 502, body: { detail: 'MercadoPago no responde.', code: 'provider_unavailable' } };
    await u.click(within(dialog).getByRole('button', { name: /Pagar \$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('MercadoPago no respondió. Probá de nuevo en un momento.');
    expect(open).not.toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: /Pagar \$/ }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const [first, second] = fake.payCalls();
    expect(second.key).toBe(first.key);
    // another payment (another tip) is another key
    expect(fake.checkouts).toHaveLength(1);
  });

  it("lines someone else is paying: says so and reads the tab and its payments again", async () => {
    const u = user();
    await openTable();
    const dialog = await openPay(u);
    const before = fake.calls.length;
    fake.refuse.next = { status: 409, body: { detail: 'texto', code: 'lines_in_checkout' } };
    await u.click(within(dialog).getByRole('button', { name: /Pagar \$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Alguien ya está pagando parte de estos pedidos.');
    await waitFor(() => expect(fake.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toContain('GET /api/pagar-orden/mercadopago/mesa/?t=tok-m1'));
  });

  it('the restaurant unlinked meanwhile, or nothing left to pay: each says so by its code', async () => {
    const u = user();
    await openTable();
    const dialog = await openPay(u);
    fake.refuse.next = { status: 409, body: { detail: 'x', code: 'marketplace_not_linked' } };
    await u.click(within(dialog).getByRole('button', { name: /Pagar \$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El restaurante no está recibiendo pagos online ahora.');
    fake.refuse.next = { status: 400, body: { detail: 'x', code: 'nothing_to_pay' } };
    await u.click(within(dialog).getByRole('button', { name: /Pagar \$/ }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('No queda nada por pagar en la mesa.'));
  });

  it('in English: dollars, and every text', async () => {
    const u = user();
    await openTable({}, 'en', [50]);
    const dialog = await openPay(u, 'Pay', 'Pay the bill');
    expect(within(dialog).getByRole('radio', { name: 'What I ordered' })).toBeEnabled();
    await u.click(within(dialog).getByRole('radio', { name: 'What I ordered' }));
    await u.click(within(dialog).getByRole('button', { name: '20%' }));
    expect(text(within(dialog).getByTestId('pay-amount'))).toBe('Orders$3,000.00');
    expect(text(within(dialog).getByTestId('pay-tip'))).toBe('Tip$600.00');
    expect(within(dialog).getByRole('button', { name: 'Pay $3,600.00' })).toBeVisible();
  });
});
