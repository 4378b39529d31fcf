import type { Locator, Page, Route } from '@playwright/test';
import { checkScreen, expect, guarded, test } from './fixtures';
import { OWNER as DELIVERY_OWNER, dinerOrder, setUp as deliveryWorld } from './delivery';
import { CHECKOUT, CHECKOUT_PAGE, addDish, adminLogin, authorizeAtSimulator, linkMarketplace, newPhone, sendTableOrder, signInOwner, unique } from './helpers';
import { acceptAndDeliver, linesByDish, newShop, sales, shot, tableOrder, type Shop } from './online';

/**
 * Issue 22's online payments through the running stack and the local MercadoPago simulator
 * (deploy/simulators/simulators/mercadopago.py: its checkout page, its signed webhooks to billing
 * through the gateway). Diners on phones (390x844, contexts of their own), staff on the tablet
 * (the tablet project's page, 1024x768), the admin at desktop size. Each test makes its own
 * restaurant (e2e/online.ts), linked to a marketplace account of its own.
 *
 * A new restaurant is in its free month (billing's `in_free_month`: 30 days from identity's
 * creation, which no header moves; X-Demo-Time moves only ordering's clock, backwards), so the
 * marketplace is asked for a fee of 0.00 and the ledger records 0.00 retained and nothing owed:
 * the tests assert that, as the app says it. A fee above zero retained at source is billing's
 * tests' (tests/checkout/test_ledger.py).
 *
 * Screenshots (online-*.png) in each test's output folder under test-results/artifacts/.
 */
test.beforeEach(() => test.skip(test.info().project.name !== 'tablet', 'staff on the tablet project; the phones and the desktop are contexts of their own'));

/** A tablet's board, signed in as the shop's owner, its socket live. */
async function board(page: Page, shop: Shop) {
  await signInOwner(page, { token: shop.token, email: shop.email, restaurant: shop.restaurant, restaurantName: shop.name });
  await page.goto('/ordenes');
  await expect(page.getByTestId('live')).toHaveText('En vivo');
}

/** A phone on the table's menu (its QR), its tab live, the cookie notice accepted (as a diner would: it covers the tab's foot). */
async function atTable(phone: Page, shop: Shop) {
  await phone.goto(`/menus?p=${shop.table.token}`);
  await expect(phone.getByText(/Mesa M1/)).toBeVisible();
  await expect(phone.getByTestId('socket-state')).toHaveText('En vivo');
  const cookies = phone.getByRole('region', { name: 'Aviso de cookies' });
  await cookies.getByRole('button', { name: 'Aceptar' }).click();
  await expect(cookies).toBeHidden();
}

/** The page stays the same document from here on: `stillSameDocument` fails after a reload or a navigation. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const stillSameDocument = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

/** POST pagar-orden/mercadopago/mesa/ (or a share's parte/): the charge billing answered the phone's 'Pay' with. */
type Charge = { checkout: number; amount: string; tip: string; total: string; marketplace_fee: string; share: { n: number; of: number } | null; lines: number[]; init_point: string };
async function chargeOf(phone: Page, url: RegExp = /\/api\/pagar-orden\/mercadopago\/mesa\/(\d+\/parte\/)?$/): Promise<() => Promise<Charge>> {
  // read as it passes: the phone leaves for the marketplace at once, and a response navigated away from has no body
  let answer: { status: number; body: string } | undefined;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    answer = { status: response.status(), body: await response.text() };
    await route.fulfill({ response });
  };
  await phone.route(url, handler);
  return async () => {
    await expect.poll(() => answer !== undefined).toBe(true);
    await phone.unroute(url, handler);
    expect(answer!.status, answer!.body).toBe(201);
    return JSON.parse(answer!.body) as Charge;
  };
}

/** On the simulator's checkout page: its items and total, then the person's decision. */
async function decideAtCheckout(phone: Page, items: RegExp[], total: string, decision: keyof typeof CHECKOUT, name: string) {
  await expect(phone).toHaveURL(CHECKOUT_PAGE);
  await expect(phone.getByRole('heading', { name: /Pagar con MercadoPago/ })).toBeVisible();
  for (const item of items) await expect(phone.getByRole('row', { name: item })).toBeVisible();
  await expect(phone.getByRole('row', { name: /Total/ })).toContainText(`$ ${total}`);
  await shot(phone, name);
  await phone.getByRole('button', { name: CHECKOUT[decision] }).click();
}

/** The result page the marketplace sent the phone back to: the state billing confirmed, its title and text. */
async function expectResult(phone: Page, path: 'success' | 'fail', state: string, title: string, texts: (string | RegExp)[]) {
  await expect(phone).toHaveURL(new RegExp(`/pago/${path}\\?`));
  const result = phone.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-state', state);
  await expect(result.getByRole('heading', { level: 1 })).toHaveText(title);
  for (const text of texts) await expect(result).toContainText(text);
}

const payState = (scope: Page | Locator, line: number) => scope.getByTestId(`pay-state-${line}`);

test('two phones pay one table online, one its own lines and the other the rest: the board follows live, the table frees itself, and the balance, statistics and fee table have the sale', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const shop = await newShop(request, { link: false });

  // the owner links the restaurant at the simulator's authorization page, on the tablet
  await signInOwner(page, { token: shop.token, email: shop.email, restaurant: shop.restaurant, restaurantName: shop.name });
  await page.goto('/restaurante/mercadopago');
  await page.getByRole('button', { name: 'Vincular con Mercado Pago' }).click();
  await page.getByRole('dialog', { name: '¿Autorizás ahora a Mercado Pago?' }).getByRole('button', { name: 'Autorizar ahora' }).click();
  expect(await (await authorizeAtSimulator(page, shop.seller)).json()).toMatchObject({ fk_resto: shop.restaurant, mp_active: true });
  await expect(page).toHaveURL(/\/restaurante$/);
  await expect(page.getByText('¡Listo! Tu restaurante quedó vinculado con Mercado Pago.')).toBeVisible();

  // the board, and two phones at table M1: each places its own order from the menu
  await board(page, shop);
  await markDocument(page);
  const [ana, beto] = await Promise.all([newPhone(browser), newPhone(browser)]);
  await Promise.all([atTable(ana, shop), atTable(beto, shop)]);
  await addDish(ana, 'Empanada', { more: 1 });
  await sendTableOrder(ana, 'Ana');
  await addDish(beto, 'Provoleta');
  await sendTableOrder(beto, 'Beto');
  const line = await linesByDish(request, shop);
  for (const p of [ana, beto]) await expect(p.getByTestId('table-tab').getByTestId('tab-total')).toHaveText(/7\.200,00/);
  // nothing is payable while the lines are new
  await expect(ana.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);

  // the staff accept and deliver them on the board
  const tile = page.getByTestId('table-M1');
  await tile.tap();
  const tableDialog = page.getByRole('dialog', { name: 'Órdenes de M1' });
  await tableDialog.getByRole('button', { name: 'Aceptar todas' }).tap();
  await expect(tableDialog.getByText('Aceptada')).toHaveCount(2);
  await tableDialog.getByRole('button', { name: 'Entregar todas' }).tap();
  await expect(tableDialog.getByText('Entregada')).toHaveCount(2);
  for (const id of [line.Empanada, line.Provoleta]) await expect(payState(tableDialog, id)).toHaveText('Sin pago');

  // phone 1 pays only what it ordered: two empanadas
  await ana.getByRole('button', { name: 'Pagar', exact: true }).click();
  const pay = ana.getByRole('dialog', { name: 'Pagar la cuenta' });
  await expect(pay.getByRole('radio', { name: 'Toda la mesa' })).toBeChecked();
  await expect(pay.getByTestId('pay-amount')).toContainText('7.200,00');
  await pay.getByText('Lo que pedí').click();
  await expect(pay.getByRole('radio', { name: 'Lo que pedí' })).toBeChecked();
  await expect(pay.getByTestId('pay-lines')).toHaveText(/^2 x Empanada\$\s3\.000,00$/);
  await expect(pay.getByTestId('pay-total')).toContainText('3.000,00');
  await checkScreen(ana, 'online-phone-pay-mine');
  await shot(ana, 'online-1-phone-pay-mine');
  const charged = await chargeOf(ana);
  await pay.getByRole('button', { name: /^Pagar \$\s3\.000,00$/ }).click();
  const first = (await charged()) as Charge;
  // the free month: the marketplace is asked to retain nothing
  expect(first).toMatchObject({ amount: '3000.00', tip: '0.00', total: '3000.00', marketplace_fee: '0.00', share: null, lines: [line.Empanada] });

  // at the marketplace: the empanadas; meanwhile the board and the other phone show them pending
  await expect(payState(tableDialog, line.Empanada)).toHaveText('Pago pendiente');
  await expect(payState(tableDialog, line.Provoleta)).toHaveText('Sin pago');
  await expect(beto.getByTestId(`tab-line-${line.Empanada}`).getByTestId('line-pay')).toHaveText('Pago pendiente');
  await shot(page, 'online-2-board-pending');
  await decideAtCheckout(ana, [/2 x\s+Empanada/], '3000.00', 'approve', 'online-3-simulator-checkout');

  // back from the marketplace: paid, and the way back to the table
  await expectResult(ana, 'success', 'approved', '¡Pago aprobado!', [`Pagaste $ 3.000,00 en ${shop.name}.`, 'La mesa ya lo ve en la cuenta.']);
  await checkScreen(ana, 'online-phone-success');
  await shot(ana, 'online-4-phone-success');

  // the board, live: the empanadas paid online, the provoleta not; the table still occupied
  await expect(payState(tableDialog, line.Empanada)).toHaveText('Pagado · MercadoPago');
  await expect(payState(tableDialog, line.Provoleta)).toHaveText('Sin pago');
  await expect(tile).not.toHaveAttribute('data-status', 'free');
  await checkScreen(page, 'online-board-one-paid');
  await shot(page, 'online-5-board-one-paid');
  await ana.getByTestId('payment-back').click();
  await expect(ana).toHaveURL(new RegExp(`/menus\\?p=${shop.table.token}$`));
  await expect(ana.getByTestId(`tab-line-${line.Empanada}`).getByTestId('line-status')).toHaveText('Pagado');
  await expect(ana.getByTestId('socket-state')).toHaveText('En vivo');

  // phone 2 pays the rest: the whole tab is now the provoleta
  await expect(beto.getByTestId(`tab-line-${line.Empanada}`).getByTestId('line-status')).toHaveText('Pagado');
  await beto.getByRole('button', { name: 'Pagar', exact: true }).click();
  const rest = beto.getByRole('dialog', { name: 'Pagar la cuenta' });
  await expect(rest.getByRole('radio', { name: 'Toda la mesa' })).toBeChecked();
  await expect(rest.getByTestId('pay-lines')).toHaveText(/^1 x Provoleta\$\s4\.200,00$/);
  await shot(beto, 'online-6-phone-pay-rest');
  const charged2 = await chargeOf(beto);
  await rest.getByRole('button', { name: /^Pagar \$\s4\.200,00$/ }).click();
  expect(await charged2()).toMatchObject({ amount: '4200.00', marketplace_fee: '0.00', lines: [line.Provoleta] });
  await decideAtCheckout(beto, [/1 x\s+Provoleta/], '4200.00', 'approve', 'online-7-simulator-checkout-rest');
  await expectResult(beto, 'success', 'approved', '¡Pago aprobado!', [`Pagaste $ 4.200,00 en ${shop.name}.`]);

  // the table frees itself: the board shows it free (no status) without a reload
  await expect(tile).toHaveAttribute('data-status', 'free');
  await expect(tableDialog.getByText('No hay órdenes')).toBeVisible();
  await stillSameDocument(page);
  await shot(page, 'online-8-board-free');
  // phone 1, open at the table, empties live (the payment that ended its sitting still reaches it,
  // whichever of it and ordering.tab.closed notifications handles first); phone 2 back at the
  // table: a new sitting, an empty tab
  await expect(ana.getByTestId('table-tab')).toContainText('Todavía no hay pedidos en esta mesa.');
  await expect(ana.getByTestId('tab-total')).toHaveText(/\$\s0,00$/);
  await beto.getByTestId('payment-back').click();
  await expect(beto.getByTestId('table-tab')).toContainText('Todavía no hay pedidos en esta mesa.');
  await expect(beto.getByTestId('tab-total')).toHaveText(/\$\s0,00$/);
  await shot(beto, 'online-9-phone-tab-closed', true);
  await tableDialog.getByRole('button', { name: 'Cerrar' }).first().tap();
  await page.getByTestId('view-switch').getByText('Lista').tap();
  const rows = page.getByTestId('order-list');
  await expect(rows.getByRole('row', { name: /Empanada/ }).getByTestId(/^pay-state-/)).toHaveText('Pagado · MercadoPago');
  await expect(rows.getByRole('row', { name: /Provoleta/ }).getByTestId(/^pay-state-/)).toHaveText('Pagado · MercadoPago');
  await shot(page, 'online-10-list-paid');

  // the ledger has the online sale (billing hears of it from ordering's event): 7,200.00, nothing retained or owed
  await expect.poll(async () => (await sales(request, shop, 'MercadoPago'))?.importe_total, { timeout: 15_000 }).toBe('7200.00');
  // the owner's balance: the marketplace account's money to be released, and the period's sale
  const provider = (await (await request.get(`/api/obtener-balance/${shop.restaurant}/`, { headers: shop.headers })).json()) as Record<string, number | string>;
  expect(Number(provider.total_amount)).toBeGreaterThan(0);
  expect(Number(provider.total_amount)).toBeLessThan(7200); // the marketplace's own fee taken first
  expect(Number(provider.unavailable_balance)).toBe(Number(provider.total_amount));
  const ars = (n: number | string) => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(n));
  await page.goto('/restaurante/mercadopago-balance');
  await expect(page.getByTestId('provider-total_amount')).toContainText(ars(provider.total_amount));
  await expect(page.getByTestId('provider-unavailable_balance')).toContainText(ars(provider.unavailable_balance));
  await expect(page.getByTestId('provider-available_balance')).toContainText(ars(provider.available_balance));
  const online = page.waitForRequest((r) => r.url().endsWith('/resto-balance/') && r.postDataJSON()?.payment_type === 'MercadoPago');
  await page.getByRole('combobox', { name: 'Medio de pago' }).selectOption('MercadoPago');
  await online;
  await expect(page.getByTestId('figure-importe_total')).toContainText('7.200,00');
  await expect(page.getByTestId('figure-importe_resto')).toContainText('0,00');
  await expect(page.getByTestId('figure-ingreso_restaurante')).toContainText('7.200,00');
  await expect(page.getByTestId('figure-cta_cte_resto')).toHaveText(/\$\s0,00$/);
  await checkScreen(page, 'online-balance');
  await shot(page, 'online-11-balance', true);

  // the statistics: both dishes sold online; nothing in cash
  await page.goto('/estadisticas');
  await page.getByRole('combobox', { name: 'Medio de pago' }).selectOption('MercadoPago');
  const stat = page.getByTestId('statistics-row');
  await expect(stat).toHaveCount(2);
  await expect(stat.filter({ hasText: 'Provoleta' })).toContainText('4.200,00');
  await expect(stat.filter({ hasText: 'Empanada' })).toContainText('3.000,00');
  await expect(page.getByTestId('statistics-total')).toContainText('7.200,00');
  await checkScreen(page, 'online-statistics');
  await shot(page, 'online-12-statistics', true);
  await page.getByRole('combobox', { name: 'Medio de pago' }).selectOption('Efectivo');
  await expect(page.getByTestId('no-sales')).toBeVisible();

  // the admin's fee table (desktop): the sale, the fee retained at source (0.00: the free month) and nothing owed
  const admin = await guarded(await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'es-AR' })).newPage());
  await adminLogin(admin);
  await admin.goto('/pagos-en-efectivo');
  await admin.getByRole('textbox', { name: 'Buscar' }).fill(shop.name);
  const fee = admin.getByTestId('fee-row').filter({ hasText: shop.name });
  await expect(fee).toHaveCount(1);
  await expect(fee.locator('[data-col="total_orders"]')).toHaveText('2');
  await expect(fee.locator('[data-col="importe_total"]')).toHaveText(/\$\s7\.200,00/);
  await expect(fee.locator('[data-col="importe_resto"]')).toHaveText(/\$\s0,00/);
  await expect(fee.locator('[data-col="cta_cte_resto"]')).toHaveText(/\$\s0,00/);
  await expect(fee.getByRole('button', { name: `Cobrar comisión a ${shop.name}` })).toBeDisabled();
  await checkScreen(admin, 'online-admin-fees');
  await shot(admin, 'online-13-admin-fees');
  await Promise.all([ana.context().close(), beto.context().close(), admin.context().close()]);
});

test('an equal split: phone 1 splits the tab in 2 and pays share 1, phone 2 sees the split and pays share 2; the table frees once both are approved', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const shop = await newShop(request, { tips: true });
  await tableOrder(request, shop, 'Ana', [{ dish: 'Empanada', quantity: 2 }, { dish: 'Provoleta', quantity: 1 }]);
  await acceptAndDeliver(request, shop);
  await board(page, shop);
  await markDocument(page);
  const tile = page.getByTestId('table-M1');
  await expect(tile).not.toHaveAttribute('data-status', 'free');
  const [ana, beto] = await Promise.all([newPhone(browser), newPhone(browser)]);
  await Promise.all([atTable(ana, shop), atTable(beto, shop)]);

  // phone 1: 'En partes', 2 people: 3,600.00 each, no tip
  await ana.getByRole('button', { name: 'Pagar', exact: true }).click();
  const pay = ana.getByRole('dialog', { name: 'Pagar la cuenta' });
  await pay.getByText('En partes').click();
  await expect(pay.getByTestId('pay-people')).toHaveText('2 personas');
  await expect(pay.getByText('La mesa suma $ 7.200,00: cada parte es de $ 3.600,00.')).toBeVisible();
  await expect(pay.getByRole('button', { name: 'Sin propina' })).toHaveAttribute('aria-pressed', 'true');
  await checkScreen(ana, 'online-phone-split');
  await shot(ana, 'online-split-1-phone-split');
  const charged = await chargeOf(ana);
  await pay.getByRole('button', { name: /^Pagar \$\s3\.600,00$/ }).click();
  expect(await charged()).toMatchObject({ amount: '3600.00', tip: '0.00', total: '3600.00', marketplace_fee: '0.00', share: { n: 1, of: 2 } });
  await expect(ana).toHaveURL(CHECKOUT_PAGE);

  // phone 2 sees the split under way and takes the next share, with a 10 % tip
  const split = beto.getByTestId(/^split-/);
  await expect(split).toContainText('Pagando en 2 partes iguales: ninguna pagada');
  await expect(beto.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0); // every line is in the split
  await shot(beto, 'online-split-2-phone-2-sees-split', true);

  // phone 1 approves share 1: the table is not free yet
  await decideAtCheckout(ana, [/M1/], '3600.00', 'approve', 'online-split-3-simulator-share-1');
  await expectResult(ana, 'success', 'approved', '¡Pago aprobado!', ['Pagaste $ 3.600,00', 'Parte 1 de 2 de la cuenta.']);
  // no line changed (both stay pending until the last share): phone 2 reads the split again when its diner looks at it
  await beto.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(split).toContainText('Pagando en 2 partes iguales: 1 pagada');
  await expect(tile).not.toHaveAttribute('data-status', 'free');
  await split.getByRole('button', { name: /^Pagar una parte \(\$\s3\.600,00\)$/ }).click();
  const share = beto.getByRole('dialog', { name: 'Pagar una parte' });
  await expect(share).toContainText('Parte 2 de 2. La mesa suma $ 7.200,00.');
  await share.getByRole('button', { name: '10 %' }).click();
  await expect(share.getByTestId('pay-tip')).toContainText('360,00');
  await expect(share.getByTestId('pay-total')).toContainText('3.960,00');
  await checkScreen(beto, 'online-phone-share-tip');
  await shot(beto, 'online-split-4-phone-2-share-tip');
  const charged2 = await chargeOf(beto);
  await share.getByRole('button', { name: /^Pagar \$\s3\.960,00$/ }).click();
  // the tip is the diner's, with no fee on it
  expect(await charged2()).toMatchObject({ amount: '3600.00', tip: '360.00', total: '3960.00', marketplace_fee: '0.00', share: { n: 2, of: 2 } });
  await decideAtCheckout(beto, [/M1/, /Propina/], '3960.00', 'approve', 'online-split-5-simulator-share-2');
  await expectResult(beto, 'success', 'approved', '¡Pago aprobado!', ['Pagaste $ 3.960,00', 'Incluye $ 360,00 de propina.', 'Parte 2 de 2 de la cuenta.']);
  await shot(beto, 'online-split-6-phone-2-success', true);

  // both approved: the table frees itself on the board, live
  await expect(tile).toHaveAttribute('data-status', 'free');
  await stillSameDocument(page);
  await ana.getByTestId('payment-back').click();
  await expect(ana.getByTestId('table-tab')).toContainText('Todavía no hay pedidos en esta mesa.');
  // the sale is the lines' 7,200.00; the tip is no sale
  await expect.poll(async () => (await sales(request, shop, 'MercadoPago'))?.importe_total, { timeout: 15_000 }).toBe('7200.00');
  await Promise.all([ana.context().close(), beto.context().close()]);
});

test('a freed table starts a new sitting for money too: the next diners see nothing of the last group’s split and pay only their own tab', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const shop = await newShop(request);
  await tableOrder(request, shop, 'Ana', [{ dish: 'Empanada', quantity: 2 }]);
  await acceptAndDeliver(request, shop);
  const ana = await newPhone(browser);
  await atTable(ana, shop);
  await ana.getByRole('button', { name: 'Pagar', exact: true }).click();
  const pay = ana.getByRole('dialog', { name: 'Pagar la cuenta' });
  await pay.getByText('En partes').click();
  const charged = await chargeOf(ana);
  await pay.getByRole('button', { name: /^Pagar \$\s1\.500,00$/ }).click();
  expect(await charged()).toMatchObject({ share: { n: 1, of: 2 } });
  await expect(ana).toHaveURL(CHECKOUT_PAGE); // Ana's group leaves without paying; staff free the table
  const freed = await request.post(`/api/ordenes/mesa/${shop.table.id}/liberar/`, { headers: shop.headers });
  expect(freed.status(), await freed.text()).toBe(200);

  // the next group's phone: nothing of the last group's split, nor a share of it to take
  const carla = await newPhone(browser);
  await atTable(carla, shop);
  await expect(carla.getByTestId('table-tab')).toContainText('Todavía no hay pedidos en esta mesa.');
  await expect(carla.getByTestId(/^split-/)).toHaveCount(0);
  await shot(carla, 'online-sitting-1-next-group');
  await tableOrder(request, shop, 'Carla', [{ dish: 'Provoleta', quantity: 1 }]);
  await acceptAndDeliver(request, shop);
  await carla.reload();
  await expect(carla.getByTestId('table-tab')).toContainText('Provoleta');
  await expect(carla.getByTestId(/^split-/)).toHaveCount(0);
  await carla.getByRole('button', { name: 'Pagar', exact: true }).click();
  const own = carla.getByRole('dialog', { name: 'Pagar la cuenta' });
  await expect(own).toContainText('4.200,00');
  await checkScreen(carla, 'online-phone-next-sitting');
  await shot(carla, 'online-sitting-2-own-tab');
  await Promise.all([ana.context().close(), carla.context().close()]);
});

test('a rejected payment: the phone is told, the board shows it, and the counter cancels it (after asking) and takes the payment', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const shop = await newShop(request);
  await tableOrder(request, shop, 'Ana', [{ dish: 'Empanada', quantity: 1 }, { dish: 'Provoleta', quantity: 1 }]);
  await acceptAndDeliver(request, shop);
  const line = await linesByDish(request, shop);
  await board(page, shop);
  await markDocument(page);
  const tile = page.getByTestId('table-M1');
  await tile.tap();
  const tableDialog = page.getByRole('dialog', { name: 'Órdenes de M1' });
  await expect(payState(tableDialog, line.Empanada)).toHaveText('Sin pago');

  // the phone pays the whole tab and rejects at the marketplace
  const phone = await newPhone(browser);
  await atTable(phone, shop);
  await phone.getByRole('button', { name: 'Pagar', exact: true }).click();
  const charged = await chargeOf(phone);
  await phone.getByRole('dialog', { name: 'Pagar la cuenta' }).getByRole('button', { name: /^Pagar \$\s5\.700,00$/ }).click();
  const charge = (await charged()) as Charge;
  await decideAtCheckout(phone, [/1 x\s+Empanada/, /1 x\s+Provoleta/], '5700.00', 'reject', 'online-reject-1-simulator');
  await expectResult(phone, 'fail', 'rejected', 'Pago rechazado', ['MercadoPago rechazó el pago de $ 5.700,00. No se te cobró nada.', 'pedile que cancele este pago']);
  await checkScreen(phone, 'online-phone-rejected');
  await shot(phone, 'online-reject-2-phone-fail', true);

  // the board: 'pago rechazado' on both lines, live
  for (const id of [line.Empanada, line.Provoleta]) await expect(payState(tableDialog, id)).toHaveText('Pago rechazado');
  await shot(page, 'online-reject-3-board-rejected');
  await phone.getByTestId('payment-back').click();
  await expect(phone.getByTestId(`tab-line-${line.Empanada}`).getByTestId('line-pay')).toHaveText('Pago rechazado');
  await expect(phone.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);
  await shot(phone, 'online-reject-4-phone-tab-rejected', true);

  // the counter: 'Cobrar mesa' asks to cancel the online payment first; confirmed, the cash payment goes through
  await tableDialog.getByRole('button', { name: 'Cobrar mesa' }).tap();
  const counter = page.getByRole('dialog', { name: 'Cobrar la mesa M1' });
  await expect(counter.getByTestId('pay-total')).toHaveText(/Órdenes: 2 · Total: \$\s5\.700,00/);
  await counter.getByRole('button', { name: 'Cobrar' }).tap();
  const ask = page.getByRole('dialog', { name: 'Pago online rechazado' });
  await expect(ask).toContainText('MercadoPago rechazó el pago online de estos pedidos. El pago sigue abierto hasta que lo canceles.');
  await expect(ask).toContainText('¿Cancelar el pago de MercadoPago y cobrar acá?');
  await checkScreen(page, 'online-counter-ask-cancel');
  await shot(page, 'online-reject-5-counter-asks');
  const cancelled = page.waitForResponse((r) => /\/api\/pagar-orden\/\d+\/cancelar-mercadopago\/$/.test(r.url()));
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/pagar-orden/recibir-varios-pagos/') && r.request().method() === 'POST' && r.ok());
  await ask.getByRole('button', { name: 'Cancelar pago online y cobrar' }).tap();
  expect(await (await cancelled).json()).toMatchObject({ checkout: charge.checkout, state: 'cancelled' });
  expect(await (await paid).json()).toMatchObject({ method: 'cash', amount: '5700.00', orders_sit_count: 0 });
  await expect(page.getByText('Pago registrado: la mesa quedó libre')).toBeVisible();
  await expect(tile).toHaveAttribute('data-status', 'free');
  await expect(tableDialog.getByText('No hay órdenes')).toBeVisible();
  await stillSameDocument(page);
  await shot(page, 'online-reject-6-counter-paid');
  // the phone, open all along, finds the table's new sitting live
  await expect(phone.getByTestId('table-tab')).toContainText('Todavía no hay pedidos en esta mesa.');

  // a cash sale, no online one
  await expect.poll(async () => (await sales(request, shop, 'Efectivo'))?.importe_total, { timeout: 15_000 }).toBe('5700.00');
  expect(await sales(request, shop, 'MercadoPago')).toBeNull();
  await phone.context().close();
});

test('the staff’s delivery link: made on /delivery with copy and WhatsApp; the customer pays it on a phone and the order shows paid live', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const world = await deliveryWorld(request);
  await linkMarketplace(request, world, unique('mp-seller'));
  const order = await dinerOrder(request, world, [{ dish: 'Empanada', quantity: 2 }, { dish: 'Flan', quantity: 1 }]);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInOwner(page, { token: world.token, email: DELIVERY_OWNER, restaurant: world.restaurant, restaurantName: world.name });
  await page.goto('/delivery');
  await expect(page.getByTestId('live')).toHaveText('En vivo');
  await markDocument(page);
  const row = page.getByTestId(`delivery-${order.fk_delivery}`);
  await row.getByRole('button', { name: 'Aceptar' }).tap();
  await expect(row.getByTestId('delivery-status')).toHaveText('Aceptado');

  // the order's detail: 'Link de pago online' makes the marketplace link of its lines
  await row.getByRole('button', { name: /^Ver el detalle del pedido/ }).tap();
  const detail = page.getByRole('dialog', { name: `Pedido #${order.fk_delivery}` });
  const online = detail.getByTestId('online-link');
  await expect(online).toContainText('Link de pago online');
  const made = page.waitForResponse((r) => r.url().endsWith('/api/pagar-orden/mercadopago/delivery/') && r.request().method() === 'POST');
  await online.getByRole('button', { name: 'Crear link de pago' }).tap();
  const answer = await made;
  expect(answer.status()).toBe(201);
  const charge = (await answer.json()) as Charge;
  expect(charge).toMatchObject({ amount: '5500.00', total: '5500.00', marketplace_fee: '0.00' });
  expect(charge.init_point).toMatch(CHECKOUT_PAGE);
  await expect(online).toContainText('Link listo por $ 5.500,00. Copialo o mandalo por WhatsApp.');
  await expect(online.getByTestId('online-link-url')).toHaveValue(charge.init_point);
  // copy: the link on the clipboard
  await online.getByRole('button', { name: 'Copiar' }).tap();
  await expect(page.getByText('Link de pago copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.init_point);
  // WhatsApp: the chooser (the take-away order has no phone) with the message naming the order, the amount and the link
  const whatsapp = new URL((await online.getByTestId('online-link-whatsapp').getAttribute('href'))!);
  expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/');
  expect(whatsapp.searchParams.get('text')!.replace(/\u00a0/g, ' ')).toBe(
    `Hola Ana, podés pagar tu pedido #${order.fk_delivery} ($ 5.500,00) con MercadoPago acá: ${charge.init_point}`,
  );
  for (const l of order.ordenes) await expect(detail.getByTestId(`detail-pay-${l.id}`)).toHaveText('Pago pendiente');
  await checkScreen(page, 'online-delivery-link');
  await shot(page, 'online-delivery-1-link');

  // the customer opens the link on a phone: the marketplace's checkout, approved
  const phone = await newPhone(browser);
  await phone.goto(charge.init_point);
  await decideAtCheckout(phone, [/2 x\s+Empanada/, /1 x\s+Flan/], '5500.00', 'approve', 'online-delivery-2-simulator');
  await expectResult(phone, 'success', 'approved', '¡Pago aprobado!', [`Pagaste $ 5.500,00 en ${world.name}.`]);
  // a delivery's payment has no table to go back to
  await expect(phone.getByTestId('payment-back')).toHaveText('Ir al inicio');
  await checkScreen(phone, 'online-delivery-phone-success');
  await shot(phone, 'online-delivery-3-phone-success', true);
  // in English: its words and the amount as English writes it
  await phone.getByTestId('locale-toggle').getByRole('button', { name: 'EN' }).click();
  await expectResult(phone, 'success', 'approved', 'Payment approved!', [`You paid $5,500.00 at ${world.name}.`]);
  await expect(phone.getByTestId('payment-back')).toHaveText('Go to the start page');
  await shot(phone, 'online-delivery-3b-phone-success-en', true);

  // the tablet, live: the order paid, the link gone from its detail
  await expect(row.getByTestId('delivery-status')).toHaveText('Pagado');
  for (const l of order.ordenes) await expect(detail.getByTestId(`detail-pay-${l.id}`)).toHaveText('Pagado');
  await expect(online.getByTestId('online-link-paid')).toHaveText('El pedido ya está pagado: no hace falta un link de pago.');
  await expect(online.getByTestId('online-link-url')).toHaveCount(0);
  await stillSameDocument(page);
  await shot(page, 'online-delivery-4-paid');
  await expect.poll(async () => {
    const res = await request.post('/api/obtener-balance/resto-balance/', { headers: world.headers, data: { fk_resto: world.restaurant, payment_type: 'MercadoPago' } });
    return ((await res.json()) as { importe_total?: string }).importe_total;
  }, { timeout: 15_000 }).toBe('5500.00');
  await phone.context().close();
});
