import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { PENDING_REFRESH_MS } from './api/get-payment-state';
import type { PaymentState } from './api/keys';

/**
 * /pago/success, /pago/pending, /pago/fail (issue 22): the page asks billing what became of the
 * payment named by `external_reference` and says it in the diner's language, refreshing while it
 * is pending, and leads back to the table this phone came from (or home).
 */
const REF = 'r3f-unguessable_reference-of-43-characters-xx';

function payment(over: Partial<PaymentState> = {}): PaymentState {
  return {
    state: 'approved', amount: '7200.00', tip: '720.00', total: '7920.00', fk_sit: 4, fk_delivery: null, fk_resto: 10,
    restaurant: 'La Esquina', checkout: 900, share: null, ...over,
  };
}

/** billing's estado/: each call answers the next of `answers` (the last one again after that). */
function estado(...answers: (PaymentState | 404)[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/pagar-orden/mercadopago/estado/', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('ref') ?? '');
      const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
      return answer === 404 ? HttpResponse.json({ detail: 'No encontrado.' }, { status: 404 }) : HttpResponse.json(answer);
    }),
  );
  return asked;
}

/** The page as the marketplace's return opens it, on a phone that came from table M1 (unless `table` says otherwise). */
function open(path: string, opts: { locale?: 'es' | 'en'; table?: string | null } = {}) {
  const view = renderApp(path, { locale: opts.locale });
  // renderApp starts from empty storage: the diner's menu had kept the way back
  const table = opts.table === undefined ? '/menus?p=tok-m1' : opts.table;
  if (table) localStorage.setItem('diner-table', table);
  return view;
}

const said = () => screen.getByTestId('payment-result').textContent?.replace(/\u00a0/g, ' ');
const query = `external_reference=${REF}&collection_status=approved&status=approved&payment_id=123456789`;

afterEach(() => vi.useRealTimers());

describe('the payment result pages', () => {
  it('approved: what was paid, the tip, and back to the table', async () => {
    const asked = estado(payment());
    open(`/pago/success?${query}`);
    expect(await screen.findByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
    expect(said()).toContain('Pagaste $ 7.920,00 en La Esquina.');
    expect(said()).toContain('Incluye $ 720,00 de propina.');
    expect(said()).toContain('La mesa ya lo ve en la cuenta.');
    expect(screen.getByRole('link', { name: 'Volver a la mesa' })).toHaveAttribute('href', '/menus?p=tok-m1');
    expect(asked).toEqual([REF]);
  });

  it('a share of a split, in English: dollars, and no tip line without a tip', async () => {
    estado(payment({ amount: '2400.00', tip: '0.00', total: '2400.00', share: { n: 2, of: 3 } }));
    open(`/pago/success?${query}`, { locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Payment approved!' })).toBeVisible();
    expect(said()).toContain('You paid $2,400.00 at La Esquina.');
    expect(said()).toContain('Share 2 of 3 of the bill.');
    expect(said()).not.toContain('tip');
    expect(screen.getByRole('link', { name: 'Back to the table' })).toBeVisible();
  });

  it('pending: says so and asks again until the marketplace decides', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = estado(payment({ state: 'pending' }), payment({ state: 'pending' }), payment());
    open(`/pago/pending?external_reference=${REF}&collection_status=in_process`);
    expect(await screen.findByRole('heading', { name: 'Pago pendiente' })).toBeVisible();
    expect(said()).toContain('MercadoPago todavía está procesando tu pago de $ 7.920,00.');
    expect(said()).toContain('Esta página se actualiza sola');
    await act(() => vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Pago pendiente' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS));
    expect(await screen.findByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
    // decided: no more asking
    await act(() => vi.advanceTimersByTimeAsync(PENDING_REFRESH_MS * 2));
    expect(asked).toHaveLength(3);
  });

  it.each([
    ['rejected', 'Pago rechazado', ['MercadoPago rechazó el pago de $ 7.920,00. No se te cobró nada.', 'pedile que cancele este pago y tocá Pagar otra vez']],
    ['cancelled', 'Pago cancelado', ['El pago de $ 7.920,00 se canceló', 'Volvé a la mesa para pagar de otra forma.']],
    ['expired', 'El pago venció', ['Pasó el tiempo para pagar $ 7.920,00', 'tocá Pagar otra vez']],
    ['refunded', 'Pago devuelto', ['Te devolvimos $ 7.920,00 a tu medio de pago.', 'consultá con el restaurante']],
  ] as const)('%s: says what happened and what to do', async (state, title, texts) => {
    estado(payment({ state }));
    open(`/pago/fail?external_reference=${REF}&collection_status=rejected`);
    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
    for (const text of texts) expect(said()).toContain(text);
    expect(said()).not.toContain('propina');
    expect(screen.getByRole('link', { name: 'Volver a la mesa' })).toBeVisible();
  });

  it("billing's word wins over the address: /pago/success of a payment that was rejected says rejected", async () => {
    estado(payment({ state: 'rejected' }));
    open(`/pago/success?${query}`);
    expect(await screen.findByRole('heading', { name: 'Pago rechazado' })).toBeVisible();
  });

  it('an unknown reference says so and leads home', async () => {
    estado(404);
    open(`/pago/success?${query}`, { table: null });
    expect(await screen.findByRole('heading', { name: 'No encontramos este pago' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });

  it("without a reference, the address's word is said as unconfirmed", async () => {
    const asked = estado(payment());
    open('/pago/fail?collection_status=null');
    expect(await screen.findByRole('heading', { name: 'Pago rechazado' })).toBeVisible();
    expect(said()).toContain('MercadoPago dice que el pago no se completó. No se te cobró nada');
    expect(asked).toEqual([]);
  });

  it('billing out of reach: the address says, a retry asks again', async () => {
    let fail = true;
    server.use(http.get('*/api/pagar-orden/mercadopago/estado/', () => (fail ? HttpResponse.error() : HttpResponse.json(payment()))));
    open(`/pago/success?${query}`);
    expect(await screen.findByText('No pudimos consultar el pago. Revisá tu conexión.', {}, { timeout: 8000 })).toBeVisible();
    expect(said()).toContain('MercadoPago dice que el pago se aprobó, pero no lo pudimos confirmar.');
    fail = false;
    screen.getByRole('button', { name: 'Probar de nuevo' }).click();
    expect(await screen.findByText(/Pagaste \$\s7\.920,00/)).toBeVisible();
  });

  it("a delivery order's payment, or a stored address that is not a table's, leads home", async () => {
    estado(payment({ fk_sit: null, fk_delivery: 12 }));
    open(`/pago/success?${query}`);
    expect(await screen.findByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
    expect(said()).not.toContain('La mesa');
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });

  it('a stored way back that is not a menu of this app is not followed', async () => {
    estado(payment());
    open(`/pago/success?${query}`, { table: 'https://evil.example/menus?p=x' });
    expect(await screen.findByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });
});
