import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, APIResponse, Browser, Page, Response } from '@playwright/test';
import { expect, guarded } from './fixtures';

export const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A call to a service that learns of what a test just made from another service's events, a moment
 * later: until it has, it answers as if the thing did not exist (`notYet`), an answer that records
 * nothing. Sent again (Playwright's polling) until another answer comes, for at most 15 s; answers
 * that response.
 */
export async function onceKnown(send: () => Promise<APIResponse>, notYet: (res: APIResponse) => boolean | Promise<boolean>): Promise<APIResponse> {
  let res!: APIResponse;
  await expect.poll(async () => notYet((res = await send())), { timeout: 15_000, message: 'still unknown to the service after 15 s' }).toBe(false);
  return res;
}

/** Open the login dialog from the top bar of '/'. */
export async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByTestId('open-login').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Usuario o e-mail')).toBeVisible();
  return dialog;
}

/** Demo login through the UI: the seeded demo owner lands on /restaurante. */
export async function demoLogin(page: Page) {
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Probar con el usuario de prueba' }).click();
  await expect(page).toHaveURL(/\/restaurante$/);
}

/** Register a new restaurant owner on /resto; returns its e-mail. */
export async function registerOwner(page: Page) {
  const email = unique('owner');
  await page.goto('/resto');
  const form = page.getByRole('form', { name: 'Registrá tu restaurante' });
  await form.getByLabel('Nombre del local').fill('La Esquina E2E');
  await form.getByLabel('Teléfono').fill('1123456789');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill('Sabores-del-Sur-2026');
  await form.getByLabel('Repetir contraseña').fill('Sabores-del-Sur-2026');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/restaurante$/);
  return email;
}

/** An owner's first visit shows the help image: close it (writes StartResto = 2). */
export async function closeHelp(page: Page) {
  const help = page.getByRole('dialog', { name: 'Primeros pasos' });
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Cerrar' }).click();
  await expect(help).toBeHidden();
}

/** A real PNG of one colour (catalog checks images by their content and re-encodes them). */
export function png(r: number, g: number, b: number, size = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [r, g, b][i % 3])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Signs an owner in through local storage, their restaurant selected, as the login would. Set
 * on a static file of the origin: the app (which clears a visitor's storage on '/') does not run.
 */
export async function signInOwner(page: Page, owner: { token: string; email: string; restaurant: number; restaurantName?: string }) {
  await page.goto('/help-start.svg');
  await page.evaluate((o) => {
    localStorage.clear();
    localStorage.setItem('token', o.token);
    localStorage.setItem('user', o.email);
    localStorage.setItem('groups', '[2]');
    localStorage.setItem('getpk', String(o.restaurant));
    if (o.restaurantName) localStorage.setItem('nameResto', o.restaurantName);
    localStorage.setItem('StartResto', '2');
    localStorage.setItem('cookie-accepted', 'true');
  }, owner);
}

/** The password of the owners the specs register (one per spec file, reused by every run). */
export const OWNER_PASSWORD = 'Sabores-del-Sur-2026';

/**
 * An owner's token: signed in, or registered once with a first restaurant called `firstName`
 * (registrations are limited per address and hour, and every browser test comes from this machine's).
 */
export async function ownerToken(request: APIRequestContext, email: string, firstName: string): Promise<string> {
  const login = await request.post('/api/auth/token/login/', { data: { username: email, password: OWNER_PASSWORD } });
  if (login.ok()) return ((await login.json()) as { auth_token: string }).auth_token;
  const res = await request.post('/api/restaurant/', {
    data: { nombre_local: firstName, telefono: '1123456789', fk_user: { email, password: OWNER_PASSWORD, password2: OWNER_PASSWORD } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { auth_token: string }).auth_token;
}

/** A restaurant's owner as the API calls need them. */
export type OwnerOf = { token: string; restaurant: number; headers: { Authorization: string } };

/**
 * A new restaurant of the owner's (`headers`) that takes WhatsApp orders: a wa.me link to
 * `whatsapp` and take-away on, with `logo`; `more` are further fields of its form. Answers its id.
 */
export async function restaurantTakingOrders(
  request: APIRequestContext,
  headers: { Authorization: string },
  restaurant: { name: string; logo: Buffer; whatsapp: string; more?: Record<string, string> },
): Promise<number> {
  const created = await request.post('/api/restaurant-atributes/', {
    headers,
    multipart: {
      nombre_local: restaurant.name,
      telefono: '1123456789',
      direccion: 'Av. Corrientes 1234, CABA',
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: restaurant.logo },
      whatsapp: `https://wa.me/${restaurant.whatsapp}`,
      takeaway: 'true',
      ...restaurant.more,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id_resto: number }).id_resto;
}

/** A menu with two categories (one with a sub-category) and dishes, one with an image: Entradas (Empanada 1,500, Provoleta 4,200), Postres > Helados (Almendrado 2,000). */
export async function menuWithDishes(request: APIRequestContext, owner: OwnerOf, opts: { delivery?: boolean; takesOrders?: boolean } = {}) {
  const { delivery = true, takesOrders = true } = opts;
  // catalog learns who owns the new restaurant from identity's events: until it has, the
  // restaurant looks missing (404), as anyone else's does
  const created = await onceKnown(createMenu, (res) => res.status() === 404);
  expect(created.status(), await created.text()).toBe(201);
  const menuId = ((await created.json()) as { menus: { menu: { id: number } }[] }).menus[0].menu.id;
  const empanada = (await dishesOf(request, owner, menuId)).Empanada;
  expect(empanada).toBeDefined();
  const upload = await request.post('/api/dish-image/', {
    headers: owner.headers,
    multipart: { dish: String(empanada), image: { name: 'e.png', mimeType: 'image/png', buffer: png(200, 120, 40) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  // catalog learns the restaurant's WhatsApp and take-away from identity's events
  await expect
    .poll(async () => ((await (await request.get(`/api/public-menu/?menu=${menuId}`)).json()) as { restaurant?: { order_enabled: boolean } }).restaurant?.order_enabled, {
      timeout: 15_000,
    })
    .toBe(takesOrders);
  return menuId;

  function createMenu() {
    return request.post('/api/create-nestable-menu/', {
      headers: owner.headers,
      data: {
        menus: [
          {
            restaurant: owner.restaurant, name: 'Carta', delivery,
            group_menu: [
              { name: 'Entradas', dishes: [{ name: 'Empanada', price: '1500', description: 'De carne, cortada a cuchillo' }, { name: 'Provoleta', price: '4200' }], sub_categories: [] },
              { name: 'Postres', dishes: [], sub_categories: [{ name: 'Helados', dishes: [{ name: 'Almendrado', price: '2000' }], sub_categories: [] }] },
            ],
          },
        ],
      },
    });
  }
}

/** A menu's dishes by name: their ids. */
export async function dishesOf(request: APIRequestContext, owner: OwnerOf, menuId: number): Promise<Record<string, number>> {
  const dishes = (await (await request.get(`/api/dish/?menu_group__menu=${menuId}&paginate=0`, { headers: owner.headers })).json()) as
    | { pk: number; name: string }[]
    | { results: { pk: number; name: string }[] };
  return Object.fromEntries((Array.isArray(dishes) ? dishes : dishes.results).map((d) => [d.name, d.pk]));
}

/** A table M1 on the restaurant's floor, with the menu; answers its QR token once ordering knows it. */
export async function tableWithQr(request: APIRequestContext, owner: OwnerOf, menuId: number): Promise<{ id: number; token: string }> {
  // floor learns the restaurant's owner and its menus from events: until it has, the restaurant
  // looks missing (404) or the menu is unknown (400)
  const res = await onceKnown(createPlace, (r) => r.status() === 404 || r.status() === 400);
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: number; i_name: string; qr: string }[] | { location: { id: number; i_name: string; qr: string }[] };
  const place = (Array.isArray(body) ? body : body.location).find((p) => p.i_name === 'M1')!;
  const token = new URL(place.qr).searchParams.get('p')!;
  expect(token).toBeTruthy();
  await expect.poll(async () => (await request.get(`/api/ordenes/lugar/${token}/`)).status(), { timeout: 15_000 }).toBe(200);
  return { id: place.id, token };

  function createPlace() {
    return request.post('/api/sit/', {
      headers: owner.headers,
      data: { location: [{ fk_resto: owner.restaurant, fk_menu: menuId, i_name: 'M1', sit_type: 'mesa', x_axis: 0, y_axis: 0, w_width: 2, h_high: 2 }] },
    });
  }
}

/** A diner's phone as the phone project has it (390x844, touch), Spanish (Argentina). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'es-AR' };

/** A phone in a browser context of its own (its own storage: another diner), under the test's CSP guard. */
export async function newPhone(browser: Browser): Promise<Page> {
  return guarded(await (await browser.newContext(PHONE)).newPage());
}

/** On the diner's menu: a dish into the cart through its dialog (`more` taps on 'one more', a comment). */
export async function addDish(page: Page, name: string, opts: { more?: number; comment?: string } = {}) {
  await page.getByTestId(`dish-${name}`).click();
  const dialog = page.getByRole('dialog', { name });
  for (let i = 0; i < (opts.more ?? 0); i++) await dialog.getByRole('button', { name: 'Agregar uno' }).click();
  if (opts.comment) await dialog.getByRole('textbox', { name: 'Comentario' }).fill(opts.comment);
  await dialog.getByRole('button', { name: /Agregar al pedido/ }).click();
  await expect(dialog).toBeHidden();
}

/** On a table's menu: the cart sent as the diner `name`'s order. */
export async function sendTableOrder(page: Page, name: string) {
  await page.getByTestId('open-cart').click();
  const review = page.getByRole('dialog', { name: 'Tu pedido' });
  await review.getByRole('textbox', { name: /Tu nombre/ }).fill(name);
  await review.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(page.getByText('¡Pedido enviado!', { exact: false })).toBeVisible();
}

/** Polls until billing has heard of the restaurant (identity's events): its marketplace link state answers. */
export async function billingKnows(request: APIRequestContext, headers: { Authorization: string }, restaurant: number) {
  await expect
    .poll(async () => (await request.post('/api/restaurant-atributes/obtener-estado-mp/', { headers, data: { fk_resto: restaurant } })).status(), { timeout: 15_000 })
    .toBe(200);
}

/**
 * At the marketplace simulator's authorization page (deploy/simulators/simulators/mercadopago.py):
 * the seller authorizes with the account `seller` (each e-mail is an account of its own); answers
 * billing's answer to the link the app then asks for (`POST /api/autorizacion/`).
 */
export async function authorizeAtSimulator(page: Page, seller: string): Promise<Response> {
  await expect(page.getByRole('heading', { name: /Autorizar aplicación/ })).toBeVisible();
  await page.getByLabel('E-mail de la cuenta').fill(seller);
  const linking = page.waitForResponse((r) => r.url().endsWith('/api/autorizacion/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Autorizar' }).click();
  const answer = await linking;
  expect(answer.status(), await answer.text()).toBe(200);
  return answer;
}

/**
 * The same link without a browser, for the specs that are not about it: billing's authorization
 * address, the simulator's page submitted as the seller's browser submits it (its form posts to
 * its own address), and the code it sends back given to billing as the app's return page does.
 */
export async function linkMarketplace(request: APIRequestContext, owner: OwnerOf, seller: string) {
  const asked = await request.get(`/api/autorizacion/url/?fk_resto=${owner.restaurant}`, { headers: owner.headers });
  expect(asked.status(), await asked.text()).toBe(200);
  const { url, state } = (await asked.json()) as { url: string; state: string };
  const back = await request.post(url, { form: { email: seller, decision: 'authorize' }, maxRedirects: 0 });
  expect(back.status()).toBe(302);
  const code = new URL(back.headers().location).searchParams.get('code');
  expect(code).toBeTruthy();
  const linked = await request.post('/api/autorizacion/', { headers: owner.headers, data: { code, state, fk_resto: owner.restaurant } });
  expect(linked.status(), await linked.text()).toBe(200);
}

/** The simulator's checkout page (a preference's `init_point`): a person approves, rejects or leaves the payment pending. */
export const CHECKOUT_PAGE = /\/checkout\/v1\/redirect\?pref_id=/;
export const CHECKOUT = { approve: 'Pagar (aprobado)', reject: 'Rechazar', pending: 'Dejar pendiente' } as const;

/** The admin signs in through the login dialog (deploy/local's seeded admin) and lands on /administrador; answers the token. */
export async function adminLogin(page: Page): Promise<string> {
  const dialog = await openLogin(page);
  await dialog.getByLabel('Usuario o e-mail').fill('admin@resto.local');
  await dialog.getByLabel('Contraseña').fill('Admin-Resto-2026');
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/administrador$/);
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}
