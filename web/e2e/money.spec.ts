import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { adminLogin, closeHelp, demoLogin, ownerToken, unique } from './helpers';
import { RESTAURANT_TIME_ZONE } from '../src/types/api/constants';

/**
 * Issue 21's money screens through the real stack: the owner's balance and statistics at tablet
 * size, the admin's inline fee, fee table and a commission collected at desktop size. `make up`
 * gives the demo restaurant a month of paid orders (deploy/local/demo.py), so its last month has
 * sales, statistics rows and commission owed; the figures themselves are checked against the
 * ledger in billing's tests and with MSW in src/features/{balance,statistics,admin}/*.test.tsx.
 */
const PASSWORD = 'Sabores-del-Sur-2026';
// one owner for every run (registrations are limited per address and hour); a fresh restaurant each run.
// The longest address (74) and an unbroken name of 39 letters: the fee table must still fit a desktop.
const OWNER = process.env.E2E_MONEY_OWNER ?? 'money-e2e-owner-of-the-commissions-fee-table-test-on-a-desktop@example.com';
const LOGO = fileURLToPath(new URL('./fixtures/logo.png', import.meta.url));

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const dmy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

test.describe('the owner, at tablet size', () => {
  test('balance and statistics of the demo restaurant: filters, the last month and its sales', async ({ page }) => {
    test.skip(test.info().project.name !== 'tablet', 'the owner’s money screens are checked on the tablet');
    test.setTimeout(60_000);
    // the chart's code (@nivo/bar and d3) is its own chunk, loaded by /estadisticas alone
    const chartChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/statistics-chart-[^/]*\.js$/.test(new URL(r.url()).pathname)) chartChunks.push(r.url());
    });
    await demoLogin(page);
    await closeHelp(page);
    const today = new Date();
    const balanceCall = page.waitForRequest((r) => r.url().endsWith('/api/obtener-balance/resto-balance/') && r.method() === 'POST');
    await page.goto('/restaurante/mercadopago-balance');
    await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
    const sent = (await balanceCall).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ end_date: ymd(today) });
    expect(sent).not.toHaveProperty('payment_type');
    await expect(page.getByRole('button', { name: 'Hasta' })).toHaveText(dmy(today));
    // the marketplace is not linked: its four places show dashes and a note
    await expect(page.getByTestId('provider-cards').getByText('—')).toHaveCount(4);
    await expect(page.getByTestId('provider-not-linked')).toBeVisible();
    // the demo's month of business: sales, commission and income in the last month
    await expect(page.getByTestId('balance-figures')).toBeVisible();
    await expect(page.getByTestId('figure-importe_total')).not.toHaveText(/\$\s0,00$/);
    await checkScreen(page, 'money-balance-owner');

    const debit = page.waitForRequest((r) => r.url().endsWith('/resto-balance/') && r.postDataJSON()?.payment_type === 'Debito');
    await page.getByRole('combobox', { name: 'Medio de pago' }).selectOption('Debito');
    await debit;
    await page.getByRole('button', { name: 'Desde' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checkScreen(page, 'money-date-picker');
    await page.keyboard.press('Escape');
    expect(chartChunks).toEqual([]);

    await page.goto('/estadisticas');
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
    await expect(page.getByTestId('statistics-row')).toHaveCount(10);
    await expect(page.getByTestId('statistics-total')).toContainText('$');
    await checkScreen(page, 'money-statistics-table');
    const chartCall = page.waitForRequest((r) => r.url().includes('/resto-statistics/') && new URL(r.url()).searchParams.get('paginate') === 'false');
    await page.getByRole('tab', { name: 'Gráfico' }).click();
    await chartCall;
    await expect(page.getByRole('img', { name: /cantidad vendida por plato/ })).toBeVisible();
    expect(chartChunks).toHaveLength(1);
    await checkScreen(page, 'money-statistics-chart');

    // a busy month in pesos has nine digits: each of the four amounts stays inside its card
    await page.route('**/api/obtener-balance/resto-balance/', (route) =>
      route.fulfill({ json: { importe_total: '123456789.00', importe_resto: '6172839.45', ingreso_restaurante: '117283949.55', cta_cte_resto: '98765432.10' } }),
    );
    await page.goto('/restaurante/mercadopago-balance');
    await expect(page.getByTestId('figure-importe_total')).toContainText('123.456.789,00');
    for (const figure of ['importe_total', 'importe_resto', 'ingreso_restaurante', 'cta_cte_resto']) {
      // the text as painted (a range), against the block it sits in: one line, not past its right edge
      const painted = await page.getByTestId(`figure-${figure}`).locator('[data-role="amount"]').evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        return { past: text.right - el.getBoundingClientRect().right, lines: range.getClientRects().length };
      });
      expect(painted, figure).toEqual({ past: expect.any(Number), lines: 1 });
      expect(painted.past, figure).toBeLessThanOrEqual(0);
    }
    await checkScreen(page, 'money-balance-nine-digits');
  });
});

test.describe('the operator, at tablet size', () => {
  test('the balance opens on today, the shift (the owner’s stays the last month)', async ({ browser, request }) => {
    test.skip(test.info().project.name !== 'tablet', 'the operator’s balance is checked on the tablet');
    const owner = await ownerToken(request, OWNER, 'Comisiones E2E');
    const mine = (await (await request.get('/api/restaurant-atributes/', { headers: { Authorization: `Token ${owner}` } })).json()) as { results: { id_resto: number; nombre_local: string }[] };
    const restaurant = mine.results[0];
    const email = unique('operator-balance');
    const made = await request.post('/api/registrar-operador/', {
      headers: { Authorization: `Token ${owner}` },
      data: { fk_resto: restaurant.id_resto, fk_user: { first_name: 'Olga', email, password: PASSWORD, password2: PASSWORD } },
    });
    expect(made.status(), await made.text()).toBe(201);
    const login = await request.post('/api/auth/token/login/', { data: { username: email, password: PASSWORD } });
    const { auth_token: token } = (await login.json()) as { auth_token: string };

    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, locale: 'es-AR' });
    const page = await context.newPage();
    await page.goto('/help-start.svg');
    await page.evaluate(
      ([t, user, id, name]) => {
        localStorage.clear();
        localStorage.setItem('token', t);
        localStorage.setItem('user', user);
        localStorage.setItem('groups', '[4]');
        localStorage.setItem('getpk', id);
        localStorage.setItem('nameResto', name);
        localStorage.setItem('cookie-accepted', 'true');
      },
      [token, email, String(restaurant.id_resto), restaurant.nombre_local],
    );
    // billing files a sale under the restaurant's day, and the operator's shift is that day
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: RESTAURANT_TIME_ZONE }).format(new Date());
    const [y, m, d] = today.split('-');
    const balanceCall = page.waitForRequest((r) => r.url().endsWith('/api/obtener-balance/resto-balance/') && r.method() === 'POST');
    await page.goto('/restaurante/mercadopago-balance');
    await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
    expect((await balanceCall).postDataJSON()).toMatchObject({ fk_resto: restaurant.id_resto, payment_type: 'Efectivo', start_date: today, end_date: today });
    await expect(page.getByRole('button', { name: 'Desde' })).toHaveText(`${d}/${m}/${y}`);
    await expect(page.getByRole('button', { name: 'Hasta' })).toHaveText(`${d}/${m}/${y}`);
    await expect(page.getByTestId('cash-only')).toBeVisible();
    await checkScreen(page, 'money-balance-operator');
    await page.screenshot({ path: test.info().outputPath('operator-balance-768x1024.png'), fullPage: true });
    await context.close();
  });
});

/** The test's owner, signed in (or registered once), with a new restaurant billing has heard of. */
async function freshRestaurant(request: APIRequestContext, admin: string): Promise<{ id: number; name: string }> {
  let token: string;
  const login = await request.post('/api/auth/token/login/', { data: { username: OWNER, password: PASSWORD } });
  if (login.ok()) token = ((await login.json()) as { auth_token: string }).auth_token;
  else {
    const res = await request.post('/api/restaurant/', {
      data: { nombre_local: 'Comisiones E2E', telefono: '1123456789', fk_user: { email: OWNER, password: PASSWORD, password2: PASSWORD } },
    });
    expect(res.status()).toBe(201);
    token = ((await res.json()) as { auth_token: string }).auth_token;
  }
  const name = `ComisionesDeLaPruebaDeEscritorio${Date.now() % 1e7}`;
  const created = await request.post('/api/restaurant-atributes/', {
    headers: { Authorization: `Token ${token}` },
    multipart: { nombre_local: name, telefono: '1123456789', direccion: 'Av. Corrientes 1234, CABA', logo: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(LOGO) } },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id_resto: number }).id_resto;
  // billing learns of the restaurant from identity's event
  await expect
    .poll(async () => (await request.get(`/api/comision-resto/${id}/`, { headers: { Authorization: `Token ${admin}` } })).status(), { timeout: 15_000 })
    .toBe(200);
  return { id, name };
}

test.describe('the admin, at desktop size', () => {
  test('edits a restaurant’s fee inline, finds it in the fee table with nothing owed, and collects a commission from the demo restaurant', async ({ page, request }) => {
    test.skip(test.info().project.name !== 'desktop', 'the admin’s screens are checked on the desktop');
    test.setTimeout(60_000);
    const token = await adminLogin(page);
    const restaurant = await freshRestaurant(request, token);

    await page.goto('/restaurantList');
    await page.getByRole('textbox', { name: 'Buscar' }).fill(restaurant.name);
    const row = page.getByTestId('admin-restaurant-row').filter({ hasText: restaurant.name });
    await expect(row).toHaveCount(1);
    await checkScreen(page, 'money-admin-restaurants');
    await row.getByRole('button', { name: `Editar la comisión de ${restaurant.name}` }).click();
    const input = row.getByRole('textbox', { name: `Comisión de ${restaurant.name} (%)` });
    await input.fill('150');
    await input.press('Enter');
    await expect(page.getByText('La comisión debe estar entre 0 y 100.')).toBeVisible();
    await checkScreen(page, 'money-admin-fee-refused');
    await input.fill('1,25');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/comision-resto/${restaurant.id}/`) && r.request().method() === 'PUT');
    await row.getByRole('button', { name: 'Guardar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(row.getByTestId('application-fee')).toHaveText('1,25 %');
    const stored = await page.request.get(`/api/comision-resto/${restaurant.id}/`, { headers: { Authorization: `Token ${token}` } });
    expect(((await stored.json()) as { application_fee: string }).application_fee).toBe('1.25');

    await page.goto('/pagos-en-efectivo');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desde' })).toBeVisible();
    const search = page.waitForRequest((r) => r.url().includes('/resto-fee/') && new URL(r.url()).searchParams.get('search') === restaurant.name);
    await page.getByRole('textbox', { name: 'Buscar' }).fill(restaurant.name);
    const query = new URL((await search).url()).searchParams;
    expect(query.get('date_end')).toBe(ymd(new Date()));
    const feeRow = page.getByTestId('fee-row').filter({ hasText: restaurant.name });
    await expect(feeRow).toHaveCount(1);
    await expect(feeRow.locator('[data-col="application_fee"]')).toHaveText('1,25 %');
    await expect(feeRow.locator('[data-col="cta_cte_resto"]')).toHaveText(/\$\s0,00/);
    // at desktop size the whole table is in view, the collect buttons too, long name and e-mail
    // wrapping: nothing to scroll sideways
    const overflow = await page.getByRole('region', { name: 'Pagos' }).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // nothing owed: nothing to collect
    await expect(feeRow.getByRole('button', { name: `Cobrar comisión a ${restaurant.name}` })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('');
    await expect(page.getByTestId('fee-row').first()).toBeVisible();
    await checkScreen(page, 'money-admin-fees');

    // collect a commission: the demo restaurant owes its month of counter sales' commission
    // (deploy/local/demo.py); one peso a run, what the e2e's own cash payments accrue many times over
    const period = { date_start: ymd(new Date(Date.now() - 31 * 86_400_000)), date_end: ymd(new Date()) };
    const demoRow = async () => {
      const answer = await page.request.get('/api/obtener-balance/resto-fee/', {
        headers: { Authorization: `Token ${token}` },
        params: { ...period, search: 'Resto Demo', paginate: 'false' },
      });
      expect(answer.status()).toBe(200);
      const rows = (await answer.json()) as { nombre_local: string; saldo_pagado: string; cta_cte_resto: string }[];
      return rows.find((r) => r.nombre_local === 'Resto Demo')!;
    };
    const before = await demoRow();
    expect(Number(before.cta_cte_resto)).toBeGreaterThan(1);
    await page.getByRole('textbox', { name: 'Buscar' }).fill('Resto Demo');
    const demo = page.getByTestId('fee-row').filter({ hasText: 'Resto Demo' });
    await expect(demo).toHaveCount(1);
    await demo.getByRole('button', { name: 'Cobrar comisión a Resto Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cobrar comisión: Resto Demo' });
    await expect(dialog.getByTestId('collect-owed')).toContainText('Deuda actual: $');
    const credit = dialog.getByRole('textbox', { name: 'Monto a cobrar' });
    await credit.fill(String(Math.ceil(Number(before.cta_cte_resto)) + 1000));
    await dialog.getByRole('button', { name: 'Cobrar' }).click();
    await expect(dialog.getByText('El monto a cobrar no puede superar la deuda del restaurante.')).toBeVisible();
    await checkScreen(page, 'money-admin-collect-refused');
    await credit.fill('1');
    const collected = page.waitForResponse((r) => r.url().includes('/api/control-fee/paga-comision/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Cobrar' }).click();
    const answer = await collected;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['idempotency-key']).toBeTruthy();
    const { monto_deuda_total } = (await answer.json()) as { monto_deuda_total: string };
    await expect(page.getByText('Cobro registrado')).toBeVisible();
    await expect(dialog).toBeHidden();
    // the collection is in the ledger: collected in the period grew by exactly what was collected
    // (sales from other tablets may add to the debt meanwhile, never to what was collected)
    const after = await demoRow();
    expect(Number(after.saldo_pagado)).toBeCloseTo(Number(before.saldo_pagado) + 1, 2);
    expect(Number(monto_deuda_total)).toBeLessThanOrEqual(Number(after.cta_cte_resto));
    await checkScreen(page, 'money-admin-collected');
  });
});
