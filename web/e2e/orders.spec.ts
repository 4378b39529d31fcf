import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { signInOwner } from './helpers';

/**
 * Issue 12's live board on two tablets against the running stack: an order added on one tablet,
 * and each status change after it, shows on the other within a second, with no reload (asserted
 * through the UI: each wait is capped at 1 s from the server's answer to the action). Screenshots at 1024x768 and
 * 768x1024 in test-results/screenshots/.
 */
const DIR = 'test-results/screenshots';
const PASSWORD = 'Sabores-del-Sur-2026';
// E2E_ORDERS_OWNER: an existing owner (with PASSWORD) when this address has used up its registrations
const OWNER = process.env.E2E_ORDERS_OWNER ?? 'orders-e2e@example.com';
const LIVE = { timeout: Number(process.env.ORDERS_LIVE_MS ?? 1000) };

type Owner = { token: string; restaurant: number; email: string };

/**
 * One owner for every run (registrations are limited per address and hour), signed in or
 * registered once; each run then gets a fresh restaurant with a menu of one dish and two tables.
 */
async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/token/login/', { data: { username: OWNER, password: PASSWORD } });
  if (login.ok()) return ((await login.json()) as { auth_token: string }).auth_token;
  const res = await request.post('/api/restaurant/', {
    data: { nombre_local: 'Órdenes E2E', telefono: '1123456789', fk_user: { email: OWNER, password: PASSWORD, password2: PASSWORD } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { auth_token: string }).auth_token;
}

async function setUp(request: APIRequestContext): Promise<Owner> {
  const token = await ownerToken(request);
  const created = await request.post('/api/restaurant-atributes/', {
    headers: { Authorization: `Token ${token}` },
    multipart: {
      nombre_local: `Órdenes ${Date.now() % 1e6}`,
      telefono: '1123456789',
      direccion: 'Av. Corrientes 1234, CABA',
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(fileURLToPath(new URL('./fixtures/logo.png', import.meta.url))) },
    },
  });
  expect(created.status()).toBe(201);
  const restaurant = ((await created.json()) as { id_resto?: number; id?: number }).id_resto ?? 0;
  const email = OWNER;
  const headers = { Authorization: `Token ${token}` };
  // catalog learns of the new restaurant from identity's events: the menu is created once it has
  let menu = { id: 0 };
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/menu/', { headers, data: { name: 'Carta', restaurant } });
        if (res.status() === 201) menu = await res.json();
        return res.status();
      },
      { timeout: 10_000 },
    )
    .toBe(201);
  const category = await (await request.post(`/api/menu-group/?restaurant=${restaurant}`, { headers, data: { name: 'Platos', menu: menu.id } })).json();
  const dish = await request.post('/api/dish/', { headers, multipart: { name: 'Empanada', price: '1500', menu_group: String(category.id) } });
  expect(dish.status()).toBe(201);
  const sits = await request.post('/api/sit/', {
    headers,
    data: {
      location: [
        { fk_resto: restaurant, fk_menu: menu.id, i_name: 'M1', x_axis: 0, y_axis: 0 },
        { fk_resto: restaurant, fk_menu: menu.id, i_name: 'M2', x_axis: 2, y_axis: 0 },
      ],
    },
  });
  expect(sits.status()).toBe(201);
  // ordering learns of the places from floor's events: wait until its board has both
  await expect
    .poll(async () => ((await (await request.get(`/api/ordenes/mesas/?fk_resto=${restaurant}`, { headers })).json()) as unknown[]).length, { timeout: 10_000 })
    .toBe(2);
  return { token, restaurant, email };
}

/** Runs `act` on `page` and answers when the server confirmed it (the moment the other tablet's second starts). */
async function acted(page: Page, method: string, url: RegExp, act: () => Promise<void>): Promise<number> {
  const done = page.waitForResponse((r) => r.request().method() === method && url.test(new URL(r.url()).pathname) && r.ok());
  await act();
  await done;
  return Date.now();
}

/** A tablet signed in as the owner, on /ordenes with its socket ready. */
async function tablet(browser: Browser, owner: Owner, viewport = { width: 1024, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: true, locale: 'es-AR', acceptDownloads: true });
  const page = await context.newPage();
  await signInOwner(page, { ...owner, restaurantName: 'Órdenes E2E' });
  await page.goto('/ordenes');
  await expect(page.getByTestId('live')).toHaveText('En vivo');
  return page;
}

test('two tablets: an order and each status change show on the other within a second', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
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
  await checkScreen(b, 'orders-table');
  t0 = await acted(b, 'POST', /\/aceptar\/$/, () => dialogB.getByRole('button', { name: 'Aceptar todas' }).tap());
  await expect(m1a).toHaveAttribute('data-status', '2', LIVE);
  info.annotations.push({ type: 'live ms: accept all', description: String(Date.now() - t0) });
  await expect(dialogA.getByText('Aceptada')).toBeVisible(LIVE);
  await dialogB.getByRole('button', { name: 'Cerrar' }).first().tap();
  await dialogA.getByRole('button', { name: 'Cerrar' }).first().tap();

  // tablet A delivers every accepted line of M1 at once (bulk); B's sketch turns delivered
  await m1a.tap();
  t0 = await acted(a, 'POST', /\/entregar\/$/, () => dialogA.getByRole('button', { name: 'Entregar todas' }).tap());
  await expect(m1b).toHaveAttribute('data-status', '4', LIVE);
  info.annotations.push({ type: 'live ms: deliver all', description: String(Date.now() - t0) });
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
