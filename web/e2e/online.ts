import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { billingKnows, dishesOf, linkMarketplace, menuWithDishes, ownerToken, png, restaurantTakingOrders, tableWithQr, unique } from './helpers';

/**
 * Online payments' world for their browser tests (issue 22): one owner for every run
 * (registrations are limited per address and hour), a fresh restaurant per test with the diners'
 * menu (Empanada 1,500, Provoleta 4,200, Almendrado 2,000) and a table M1 with its QR, and a
 * marketplace seller of its own at the simulator (each e-mail is an account there, so its balance
 * is this restaurant's sales alone).
 */
// E2E_ONLINE_OWNER: an existing owner (with helpers' OWNER_PASSWORD) when this address has used up its registrations
const OWNER = process.env.E2E_ONLINE_OWNER ?? 'online-e2e@example.com';

export type Shop = {
  token: string;
  email: string;
  restaurant: number;
  name: string;
  headers: { Authorization: string };
  menu: number;
  dishes: Record<string, number>;
  table: { id: number; token: string };
  /** The restaurant's account at the marketplace simulator. */
  seller: string;
};

/** A new restaurant that billing has heard of, with its menu and table M1; linked to its seller's account unless `link` is false. */
export async function newShop(request: APIRequestContext, opts: { link?: boolean; tips?: boolean } = {}): Promise<Shop> {
  const token = await ownerToken(request, OWNER, 'Pagos online E2E');
  const headers = { Authorization: `Token ${token}` };
  const name = `Online ${Date.now() % 1e7}`;
  const restaurant = await restaurantTakingOrders(request, headers, {
    name,
    logo: png(40, 140, 90, 64),
    whatsapp: '5491145678900',
    more: { tips: opts.tips ? 'true' : 'false' },
  });
  const owner = { token, restaurant, headers };
  await billingKnows(request, headers, restaurant);
  const menu = await menuWithDishes(request, owner);
  const table = await tableWithQr(request, owner, menu);
  const shop = { ...owner, email: OWNER, name, menu, dishes: await dishesOf(request, owner, menu), table, seller: unique('mp-seller') };
  if (opts.link !== false) await linkMarketplace(request, owner, shop.seller);
  if (opts.tips) {
    // billing learns the tips flag from identity's events: the table's phones read it from billing
    await expect
      .poll(async () => ((await (await request.get(`/api/pagar-orden/mercadopago/mesa/?t=${table.token}`)).json()) as { tips?: boolean }).tips, { timeout: 15_000 })
      .toBe(true);
  }
  return shop;
}

/**
 * An order placed at the table as a diner's phone places it (the QR token, an Idempotency-Key);
 * ordering learns a new menu's dishes from catalog's events, so a dish 'not found' is tried again.
 */
export async function tableOrder(request: APIRequestContext, shop: Shop, diner: string, lines: { dish: string; quantity: number }[]) {
  const send = () =>
    request.post(`/api/ordenes/lugar/${shop.table.token}/`, {
      headers: { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      data: { diner_name: diner, ordenes: lines.map((l) => ({ fk_dish: shop.dishes[l.dish], quantity: l.quantity, extra_commentary: '' })) },
    });
  let res = await send();
  for (let i = 0; i < 50 && res.status() === 400; i++) {
    await new Promise((r) => setTimeout(r, 300));
    res = await send();
  }
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { order: number; lines: { id: number; dish_name: string }[] };
}

/** The staff's bulk buttons through the API: every new line of the table accepted, then every accepted one delivered. */
export async function acceptAndDeliver(request: APIRequestContext, shop: Shop) {
  for (const action of ['aceptar', 'entregar']) {
    const res = await request.post(`/api/ordenes/mesa/${shop.table.id}/${action}/`, { headers: shop.headers });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The restaurant's lines as staff see them, by dish. */
export async function linesByDish(request: APIRequestContext, shop: Shop): Promise<Record<string, number>> {
  const lines = (await (await request.get(`/api/ordenes/?fk_sit__fk_resto=${shop.restaurant}&paginate=0`, { headers: shop.headers })).json()) as { id: number; dish_name: string }[];
  return Object.fromEntries(lines.map((l) => [l.dish_name, l.id]));
}

/** Billing's figures of the restaurant's sales by one method (`null`: none). */
export async function sales(request: APIRequestContext, shop: Shop, method: 'MercadoPago' | 'Efectivo') {
  const res = await request.post('/api/obtener-balance/resto-balance/', { headers: shop.headers, data: { fk_resto: shop.restaurant, payment_type: method } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { importe_total?: string; importe_resto?: string; code?: string };
  return body.code === 'no_sales_in_range' ? null : body;
}

/** A screenshot of the page as it is, in the test's output folder. */
export async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}
