import { acted, setUp, tablet } from './board';
import { checkScreen, expect, test } from './fixtures';
import { RESTAURANT_TIME_ZONE } from '../src/types/api/constants';

/**
 * Issue 12's live board on two tablets against the running stack: an order added on one tablet,
 * and each status change after it, shows on the other within a second, with no reload (asserted
 * through the UI: each wait is capped at 1 s from the server's answer to the action). Screenshots at 1024x768 and
 * 768x1024 in test-results/screenshots/.
 */
const DIR = 'test-results/screenshots';
const LIVE = { timeout: Number(process.env.ORDERS_LIVE_MS ?? 1000) };

test('two tablets: an order and each status change show on the other within a second', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  test.setTimeout(90_000); // two tablets, a PDF and a dozen live steps: each live wait keeps its own 1 s cap
  const owner = await setUp(request);
  const a = await tablet(browser, owner);
  const b = await tablet(browser, owner, { width: 768, height: 1024 });
  const m1a = a.getByTestId('table-M1');
  const m1b = b.getByTestId('table-M1');
  await expect(m1a).toHaveAttribute('data-status', 'free');
  await expect(b.getByText('Referencias')).toBeVisible();
  await checkScreen(a, 'orders-sketch');

  // tablet A adds an order for M1: 2 × Empanada with a comment
  await m1a.tap();
  const dialogA = a.getByRole('dialog', { name: 'Órdenes de M1' });
  await dialogA.getByRole('button', { name: 'Agregar orden' }).tap();
  const add = a.getByRole('dialog', { name: 'Agregar orden: M1' });
  await add.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await add.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await add.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await add.getByRole('button', { name: 'Restar Empanada' }).tap();
  await add.getByLabel('Comentario').fill('sin cebolla');
  await checkScreen(a, 'orders-add');
  await a.screenshot({ path: `${DIR}/orders-add-1024x768.png` });
  let t0 = await acted(a, 'POST', /\/api\/ordenes\/$/, () => add.getByRole('button', { name: 'Enviar orden' }).tap());
  // tablet B: M1 turns new, its count shows, without a reload
  await expect(m1b).toHaveAttribute('data-status', '1', LIVE);
  info.annotations.push({ type: 'live ms: order placed', description: String(Date.now() - t0) });
  await expect(m1b.getByTestId('count-1')).toHaveText('1');
  await expect(dialogA.getByText('2 × Empanada')).toBeVisible();
  await expect(dialogA.getByText('sin cebolla')).toBeVisible();

  // tablet B accepts all on M1: A's board follows
  await m1b.tap();
  const dialogB = b.getByRole('dialog', { name: 'Órdenes de M1' });
  await b.screenshot({ path: `${DIR}/orders-table-768x1024.png` });
  // on the portrait tablet each badge shows its whole text and every button fits the dialog
  for (const label of await dialogB.locator('.mantine-Badge-label').all()) {
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), await label.innerText()).toBe(true);
  }
  await expect(dialogB.getByRole('button', { name: 'Ticket' })).toBeInViewport({ ratio: 1 });
  await checkScreen(b, 'orders-table');
  t0 = await acted(b, 'POST', /\/aceptar\/$/, () => dialogB.getByRole('button', { name: 'Aceptar todas' }).tap());
  await expect(m1a).toHaveAttribute('data-status', '2', LIVE);
  info.annotations.push({ type: 'live ms: accept all', description: String(Date.now() - t0) });
  await expect(dialogA.getByText('Aceptada')).toBeVisible(LIVE);
  // B's own action toasts on A; on B the bell counts it (A's order, then this) but no toast covers
  // B's dialog: B has said so already
  const accepted = 'M1: 2 × Empanada pasó a Aceptado';
  await expect(a.getByText(accepted)).toBeVisible(LIVE);
  await expect(b.getByTestId('bell-count')).toContainText('2');
  expect(await b.getByText(accepted).count()).toBe(0); // now: a retrying check would wait out the toast's 5 s
  await dialogB.getByRole('button', { name: 'Cerrar' }).first().tap();
  await dialogA.getByRole('button', { name: 'Cerrar' }).first().tap();

  // tablet A delivers every accepted line of M1 at once (bulk); B's sketch turns delivered
  await m1a.tap();
  t0 = await acted(a, 'POST', /\/entregar\/$/, () => dialogA.getByRole('button', { name: 'Entregar todas' }).tap());
  await expect(m1b).toHaveAttribute('data-status', '4', LIVE);
  info.annotations.push({ type: 'live ms: deliver all', description: String(Date.now() - t0) });
  // A's action toasts on B
  await expect(b.getByText('M1: 2 × Empanada pasó a Entregado')).toBeVisible(LIVE);
  await dialogA.getByRole('button', { name: 'Cerrar' }).first().tap();

  // the list view shows it delivered, with its action button
  await a.getByTestId('view-switch').getByText('Lista').tap();
  const row = a.getByTestId('order-list').getByRole('row', { name: /Empanada/ });
  await expect(row.getByText('Entregada')).toBeVisible();
  await a.screenshot({ path: `${DIR}/orders-list-1024x768.png` });
  await checkScreen(a, 'orders-list');
  await b.screenshot({ path: `${DIR}/orders-sketch-768x1024.png` });

  // the report of active orders downloads as a PDF
  const download = a.waitForEvent('download');
  await a.getByRole('button', { name: 'Reporte PDF' }).tap();
  expect((await download).suggestedFilename()).toMatch(/^resto_orders_report_.*\.pdf$/);

  // tablet B frees M1 after confirming; A's list and B's sketch follow
  await m1b.tap();
  await b.getByRole('dialog', { name: 'Órdenes de M1' }).getByRole('button', { name: 'Liberar mesa' }).tap();
  const confirm = b.getByRole('dialog', { name: 'Liberar mesa' });
  await expect(confirm.getByText('¿Liberar la mesa M1?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirmar' }).tap();
  await a.getByTestId('view-switch').getByText('Croquis').tap();
  await expect(m1a).toHaveAttribute('data-status', 'free');
  await a.screenshot({ path: `${DIR}/orders-sketch-1024x768.png` });
  for (const n of info.annotations) console.log(`${n.type}: ${n.description}`);
  await a.context().close();
  await b.context().close();
});

test("the active orders' report is named by the restaurant's day: at 22:30 in Buenos Aires, not UTC's tomorrow", async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  const owner = await setUp(request);
  const page = await tablet(browser, owner, { width: 768, height: 1024 });
  // one active order, so there is a report to download
  await page.getByTestId('table-M1').tap();
  const dialog = page.getByRole('dialog', { name: 'Órdenes de M1' });
  await dialog.getByRole('button', { name: 'Agregar orden' }).tap();
  const add = page.getByRole('dialog', { name: 'Agregar orden: M1' });
  await add.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await add.getByRole('button', { name: 'Enviar orden' }).tap();
  await expect(dialog.getByText('1 × Empanada')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).first().tap();

  // the runner's clock (UTC) says it is already the next day; the restaurant's is still today
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: RESTAURANT_TIME_ZONE }).format(new Date());
  await page.clock.setFixedTime(new Date(`${today}T22:30:00-03:00`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Reporte PDF' }).tap();
  expect((await download).suggestedFilename()).toBe(`resto_orders_report_${today}.pdf`);
  await page.screenshot({ path: `${DIR}/orders-report-768x1024.png` });
  await page.context().close();
});
