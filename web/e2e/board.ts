import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { signInOwner } from './helpers';

/**
 * The orders board's world for its browser tests: one owner for every run (registrations are
 * limited per address and hour), a fresh restaurant per run with a menu of one dish and two
 * tables, and tablets signed in on /ordenes with their socket live.
 */
export const PASSWORD = 'Sabores-del-Sur-2026';
// E2E_ORDERS_OWNER: an existing owner (with PASSWORD) when this address has used up its registrations
const OWNER = process.env.E2E_ORDERS_OWNER ?? 'orders-e2e@example.com';

export type Owner = { token: string; restaurant: number; email: string };

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

export async function setUp(request: APIRequestContext): Promise<Owner> {
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
  // floor learns of the menu from catalog's events (a loaded machine takes a while): the places
  // are created once it has
  await expect
    .poll(
      async () =>
        (
          await request.post('/api/sit/', {
            headers,
            data: {
              location: [
                { fk_resto: restaurant, fk_menu: menu.id, i_name: 'M1', x_axis: 0, y_axis: 0 },
                { fk_resto: restaurant, fk_menu: menu.id, i_name: 'M2', x_axis: 2, y_axis: 0 },
              ],
            },
          })
        ).status(),
      { timeout: 10_000 },
    )
    .toBe(201);
  // ordering learns of the places from floor's events: wait until its board has both
  await expect
    .poll(async () => ((await (await request.get(`/api/ordenes/mesas/?fk_resto=${restaurant}`, { headers })).json()) as unknown[]).length, { timeout: 10_000 })
    .toBe(2);
  return { token, restaurant, email };
}

/** Runs `act` on `page` and answers when the server confirmed it (the moment the other tablet's second starts). */
export async function acted(page: Page, method: string, url: RegExp, act: () => Promise<void>): Promise<number> {
  const done = page.waitForResponse((r) => r.request().method() === method && url.test(new URL(r.url()).pathname) && r.ok());
  await act();
  await done;
  return Date.now();
}

/** A tablet signed in as the owner, on /ordenes with its socket ready (`watch` sees the page before it opens). */
export async function tablet(browser: Browser, owner: Owner, viewport = { width: 1024, height: 768 }, watch?: (page: Page) => void): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: true, locale: 'es-AR', acceptDownloads: true });
  const page = await context.newPage();
  watch?.(page);
  await signInOwner(page, { ...owner, restaurantName: 'Órdenes E2E' });
  await page.goto('/ordenes');
  await expect(page.getByTestId('live')).toHaveText('En vivo');
  return page;
}
