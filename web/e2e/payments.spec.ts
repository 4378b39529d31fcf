import { setUp, tablet } from './board';
import { checkScreen, expect, test } from './fixtures';
import { RESTAURANT_TIME_ZONE } from '../src/types/api/constants';

/**
 * Issue 21's counter payment through the running stack at tablet size: a table's order is
 * delivered and paid in cash from the table dialog; the table frees itself on the board; the list
 * view shows the line paid in cash; and the restaurant's balance and statistics (table and chart)
 * include the sale billing recorded from ordering's event. Screenshots in /tmp/shots-pay/ (or
 * PAY_SHOTS).
 */
const SHOTS = process.env.PAY_SHOTS ?? '/tmp/shots-pay';
// billing and the board learn of the payment from events: a bounded wait, never a sleep
const EVENTUALLY = { timeout: 10_000 };
// The balance's dates are the restaurant's local days (RESTAURANT_TIMEZONE, services/kit/kit/localtime.py), not the
// runner's: from 21:00 in Buenos Aires the UTC date is already the next day's, which holds no sale yet.
const restaurantToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: RESTAURANT_TIME_ZONE }).format(new Date());

test('deliver and pay a table in cash: it frees itself, and the balance and the statistics include it', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'the counter is a tablet');
  test.setTimeout(90_000);
  const owner = await setUp(request);
  const headers = { Authorization: `Token ${owner.token}` };
  const page = await tablet(browser, owner);
  const tile = page.getByTestId('table-M1');
  await expect(tile).toHaveAttribute('data-status', 'free');

  // the waiter takes 2 × Empanada (1,500.00 each) for M1, accepts and delivers them
  await tile.tap();
  const dialog = page.getByRole('dialog', { name: 'Órdenes de M1' });
  // nothing to pay is said, as on the delivery screen (spec part 2 §5), not a greyed-out button
  await dialog.getByRole('button', { name: 'Cobrar mesa' }).tap();
  await expect(page.getByText('No hay órdenes para cobrar.', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cobrar la mesa M1' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/0-nothing-to-pay.png` });
  await dialog.getByRole('button', { name: 'Agregar orden' }).tap();
  const add = page.getByRole('dialog', { name: 'Agregar orden: M1' });
  await add.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await add.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await add.getByRole('button', { name: 'Enviar orden' }).tap();
  await expect(dialog.getByText('2 × Empanada')).toBeVisible();
  await expect(tile).toHaveAttribute('data-status', '1');
  // new orders only: to be accepted first
  await dialog.getByRole('button', { name: 'Cobrar mesa' }).tap();
  await expect(page.getByText('No hay órdenes para cobrar: los pedidos nuevos deben aceptarse antes de cobrarlos.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cobrar la mesa M1' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/0-only-new.png` });
  await dialog.getByRole('button', { name: 'Aceptar todas' }).tap();
  await expect(dialog.getByText('Aceptada')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entregar todas' }).tap();
  await expect(dialog.getByText('Entregada')).toBeVisible();
  await expect(dialog.getByTestId(/^pay-state-/)).toHaveText('Sin pago');
  await page.screenshot({ path: `${SHOTS}/1-table-delivered.png` });

  await dialog.getByRole('button', { name: 'Cobrar mesa' }).tap();
  const pay = page.getByRole('dialog', { name: 'Cobrar la mesa M1' });
  await expect(pay.getByTestId('pay-total')).toHaveText(/Órdenes: 1 · Total: \$\s?3\.000,00/);
  await expect(pay.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await checkScreen(page, 'orders-pay');
  await page.screenshot({ path: `${SHOTS}/2-pay-dialog.png` });
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/pagar-orden/recibir-varios-pagos/') && r.request().method() === 'POST');
  await pay.getByRole('button', { name: 'Cobrar' }).tap();
  const answer = await paid;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()['idempotency-key']).toMatch(/^[\w-]{8,100}$/);
  expect(answer.request().postDataJSON()).toMatchObject({ type_pay: 'Efectivo' });
  expect(await answer.json()).toMatchObject({ orders_sit_count: 0, method: 'cash', amount: '3000.00' });
  await expect(page.getByText('Pago registrado: la mesa quedó libre')).toBeVisible();
  await expect(pay).toBeHidden();
  await expect(tile).toHaveAttribute('data-status', 'free');
  await expect(dialog.getByText('No hay órdenes')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/3-paid-table-free.png` });
  await dialog.getByRole('button', { name: 'Cerrar' }).first().tap();
  await page.screenshot({ path: `${SHOTS}/4-board-free.png` });

  // the list view: the line is paid, in cash, and offers no payment any more
  await page.getByTestId('view-switch').getByText('Lista').tap();
  const row = page.getByTestId('order-list').getByRole('row', { name: /Empanada/ });
  await expect(row.getByText('Pagada')).toBeVisible();
  await expect(row.getByTestId(/^pay-state-/)).toHaveText('Pagado · Efectivo');
  await expect(row.getByRole('button', { name: 'Cobrar' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Rechazar' })).toHaveCount(0);
  await checkScreen(page, 'orders-list-paid');
  await page.screenshot({ path: `${SHOTS}/5-list-paid.png` });

  // billing recorded the sale from ordering's event: the balance (cash) and the statistics include it
  await expect
    .poll(async () => {
      const today = restaurantToday();
      const res = await request.post('/api/obtener-balance/resto-balance/', {
        headers, data: { fk_resto: owner.restaurant, payment_type: 'Efectivo', start_date: today, end_date: today },
      });
      return ((await res.json()) as { importe_total?: string }).importe_total;
    }, EVENTUALLY)
    .toBe('3000.00');
  await page.goto('/restaurante/mercadopago-balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(page.getByTestId('figure-importe_total')).toContainText('3.000,00');
  await checkScreen(page, 'money-balance-paid');
  await page.screenshot({ path: `${SHOTS}/6-balance.png`, fullPage: true });

  await page.goto('/estadisticas');
  const stat = page.getByTestId('statistics-row');
  await expect(stat).toHaveCount(1);
  await expect(stat).toContainText('Empanada');
  await expect(stat).toContainText('2');
  await expect(page.getByTestId('statistics-total')).toContainText('3.000,00');
  await page.screenshot({ path: `${SHOTS}/7-statistics.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Gráfico' }).tap();
  await expect(page.getByRole('img', { name: /cantidad vendida por plato/ })).toBeVisible();
  await expect(page.getByTestId('statistics-chart')).toContainText('Empanada');
  await page.screenshot({ path: `${SHOTS}/8-statistics-chart.png`, fullPage: true });
  await page.context().close();
});

test('two tablets charge the same line: one payment; the other is told (208) and the line shows paid', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'the counter is a tablet');
  test.setTimeout(90_000);
  const owner = await setUp(request);
  const a = await tablet(browser, owner);
  const b = await tablet(browser, owner, { width: 768, height: 1024 });
  // A takes an order for M2 and delivers it
  await a.getByTestId('table-M2').tap();
  const dialog = a.getByRole('dialog', { name: 'Órdenes de M2' });
  await dialog.getByRole('button', { name: 'Agregar orden' }).tap();
  const add = a.getByRole('dialog', { name: 'Agregar orden: M2' });
  await add.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await add.getByRole('button', { name: 'Enviar orden' }).tap();
  await dialog.getByRole('button', { name: 'Aceptar todas' }).tap();
  await expect(dialog.getByText('Aceptada')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entregar todas' }).tap();
  await expect(dialog.getByText('Entregada')).toBeVisible();

  // B, in the list view, opens the line's payment; meanwhile A charges it by debit
  await b.getByTestId('view-switch').getByText('Lista').tap();
  const rowB = b.getByTestId('order-list').getByRole('row', { name: /Empanada/ });
  await expect(rowB.getByText('Entregada')).toBeVisible();
  await rowB.getByRole('button', { name: 'Cobrar' }).tap();
  const payB = b.getByRole('dialog', { name: 'Cobrar 1 × Empanada' });
  await expect(payB).toBeVisible();
  await dialog.getByRole('button', { name: 'Cobrar', exact: true }).tap();
  const payA = a.getByRole('dialog', { name: 'Cobrar 1 × Empanada' });
  await payA.getByRole('radio', { name: 'Débito' }).check();
  await payA.getByRole('button', { name: 'Cobrar' }).tap();
  await expect(a.getByText('Pago registrado: la mesa quedó libre')).toBeVisible();

  // B's submission comes too late: 208, the server's error, nothing charged, the line shows paid by debit
  const late = b.waitForResponse((r) => /\/api\/pagar-orden\/\d+\/recibir-pago\/$/.test(r.url()));
  await payB.getByRole('button', { name: 'Cobrar' }).tap();
  expect((await late).status()).toBe(208);
  await expect(b.getByText('La orden ya está pagada: no se puede cobrar.')).toBeVisible();
  await expect(payB).toBeHidden();
  await expect(rowB.getByText('Pagada')).toBeVisible();
  await expect(rowB.getByTestId(/^pay-state-/)).toHaveText('Pagado · Débito');
  await b.screenshot({ path: `${SHOTS}/9-second-tablet-208.png` });
  await a.context().close();
  await b.context().close();
});
