import type { APIRequestContext, APIResponse, Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { onceKnown, png, restaurantTakingOrders, signInOwner } from './helpers';

/**
 * The delivery screen's world for its browser tests (issue 20): one owner for every run
 * (registrations are limited per address and hour), a fresh restaurant per run that takes
 * WhatsApp orders (a wa.me link, take-away on) with a delivery menu of three dishes, tablets
 * signed in on /delivery with their socket live, and phones.
 */
export const PASSWORD = 'Sabores-del-Sur-2026';
export const WHATSAPP = '5491145678900';
// E2E_DELIVERY_OWNER: an existing owner (with PASSWORD) when this address has used up its registrations
export const OWNER = process.env.E2E_DELIVERY_OWNER ?? 'delivery-e2e@example.com';

export type World = { token: string; restaurant: number; name: string; menu: number; headers: { Authorization: string }; dishes: Record<string, number> };

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/token/login/', { data: { username: OWNER, password: PASSWORD } });
  if (login.ok()) return ((await login.json()) as { auth_token: string }).auth_token;
  const res = await request.post('/api/restaurant/', {
    data: { nombre_local: 'Delivery E2E', telefono: '1123456789', fk_user: { email: OWNER, password: PASSWORD, password2: PASSWORD } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { auth_token: string }).auth_token;
}

/** A new restaurant taking WhatsApp orders, with a delivery menu: Entradas (Empanada, Provoleta), Postres (Flan). */
export async function setUp(request: APIRequestContext): Promise<World> {
  const token = await ownerToken(request);
  const headers = { Authorization: `Token ${token}` };
  const name = `Delivery ${Date.now() % 1e7}`;
  const restaurant = await restaurantTakingOrders(request, headers, { name, logo: png(200, 90, 30, 64), whatsapp: WHATSAPP });
  // catalog learns who owns the new restaurant from identity's events (a 403 or 404 until it has)
  const createMenu = () =>
    request.post('/api/create-nestable-menu/', {
      headers,
      data: {
        menus: [
          {
            restaurant, name: 'Para llevar', delivery: true,
            group_menu: [
              { name: 'Entradas', dishes: [{ name: 'Empanada', price: '1500' }, { name: 'Provoleta', price: '5200' }], sub_categories: [] },
              { name: 'Postres', dishes: [{ name: 'Flan', price: '2500' }], sub_categories: [] },
            ],
          },
        ],
      },
    });
  const menuRes = await onceKnown(createMenu, (res) => res.status() === 403 || res.status() === 404);
  expect(menuRes.status(), await menuRes.text()).toBe(201);
  const menu = ((await menuRes.json()) as { menus: { menu: { id: number } }[] }).menus[0].menu.id;
  const list = (await (await request.get(`/api/dish/?menu_group__menu=${menu}&paginate=0`, { headers })).json()) as { pk: number; name: string }[];
  const dishes = Object.fromEntries(list.map((d) => [d.name, d.pk]));
  // catalog learns the restaurant's WhatsApp and take-away from identity's events; ordering too
  await expect
    .poll(async () => ((await (await request.get(`/api/public-menu/?menu=${menu}`)).json()) as { restaurant?: { order_enabled: boolean } }).restaurant?.order_enabled, { timeout: 15_000 })
    .toBe(true);
  return { token, restaurant, name, menu, headers, dishes };
}

/**
 * Every tone the page's staff sound plays (lib/sound.ts synthesises them with oscillators): a new
 * order rings 880, 1320, 880 Hz. Installed before the app's code runs.
 */
export async function listenForSounds(page: Page) {
  await page.addInitScript(() => {
    const played: number[] = [];
    (window as unknown as { __tones: number[] }).__tones = played;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
      played.push(this.frequency.value);
      return start.apply(this, args);
    };
  });
}

export const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones.slice());

/** A tablet signed in as the owner, on /delivery with its socket live. */
export async function tablet(browser: Browser, world: World, viewport = { width: 1024, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: true, locale: 'es-AR' });
  const page = await context.newPage();
  await listenForSounds(page);
  await signInOwner(page, { token: world.token, email: OWNER, restaurant: world.restaurant, restaurantName: world.name });
  await page.goto('/delivery');
  await expect(page.getByTestId('live')).toHaveText('En vivo');
  return page;
}

/** A diner's phone. */
export async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'es-AR' });
  return context.newPage();
}

/**
 * A take-away order as a diner's phone sends it from the menu link, through the API (anonymous,
 * with an Idempotency-Key): its tracking token, as the WhatsApp message would link it.
 */
export async function dinerOrder(request: APIRequestContext, world: World, lines: { dish: string; quantity: number }[]) {
  const send = () =>
    request.post('/api/delivery/', {
      headers: { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      data: {
        fk_resto: world.restaurant, fk_menu: world.menu, type_delivery: 2, status: '1', contact_info: { name: 'Ana', phone: '' }, address: '',
        ordenes: lines.map((l) => ({ fk_dish: world.dishes[l.dish], quantity: l.quantity, extra_commentary: '' })),
        fk_delivery: String(100000 + Math.floor(Math.random() * 900000)), cash_amount: '20000',
      },
    });
  // ordering learns the new menu and its dishes from catalog's events, a moment after setUp: until
  // then the menu (404 menu_not_found) or a dish (400 on fk_dish) is 'not found' (each try has its
  // own key)
  const notYetKnown = async (res: APIResponse) => {
    const body = (await res.json()) as { code?: string };
    return (res.status() === 400 && 'fk_dish' in body) || (res.status() === 404 && body.code === 'menu_not_found');
  };
  const res = await onceKnown(send, notYetKnown);
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; fk_delivery: string; tracking_token: string; ordenes: { id: number; version: number }[] };
}

/**
 * The toasts closed (each by its own close button), so a screenshot shows the dialog under them:
 * they sit at the top left, over a dialog's title.
 */
export async function quiet(page: Page) {
  const toasts = page.locator('.app-notifications .mantine-Notification-root');
  for (let i = 0; i < 8 && (await toasts.count()) > 0; i++) {
    await toasts.first().locator('.mantine-Notification-closeButton').click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0);
}
