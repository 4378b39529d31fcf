import { mkdirSync } from 'node:fs';
import { WHATSAPP, dinerOrder, phone, quiet, setUp, tablet, tones } from './delivery';
import { checkScreen, expect, test } from './fixtures';

/**
 * Issue 20's delivery screen at tablet size, against the running stack: a phone order taken in
 * two steps, its address edited, moved to accepted and delivered, its ticket printed; then a
 * take-away order sent from a diner's phone appears on the tablet without a reload, with the
 * sound. Also: the notice without a delivery menu, the screen in English (and upright), and two
 * tablets following each other's moves, in bulk too, with the reject confirmation. Issue 21's
 * counter payments: 'pay all' with only a new order, then a delivered order paid in cash, which
 * the restaurant's balance then includes. Screenshots in test-results/screenshots/ (the payment's
 * also in /tmp/shots-delivery-pay/).
 */
const DIR = 'test-results/screenshots';
const NEW_ORDER_TONES = [880, 1320, 880];

test('a phone order in two steps, its address edited, accepted, delivered and its ticket printed; a diner’s take-away order rings in live', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  test.setTimeout(90_000);
  const world = await setUp(request);
  const page = await tablet(browser, world);
  // the ticket is printed by the browser: count the calls, as a print dialog would open
  await page.evaluate(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => void ((window as unknown as { __printed: number }).__printed += 1);
  });
  await expect(page.getByTestId('delivery-empty')).toBeVisible();
  const share = page.getByTestId('takeaway-share');
  await expect(share.getByTestId('takeaway-link')).toHaveValue(new RegExp(`/menus\\?menu=${world.menu}$`));
  await expect(share.getByTestId('takeaway-qr')).toHaveJSProperty('complete', true);
  await checkScreen(page, 'delivery-empty');

  // step 1: contact and type; the rules first
  await page.getByRole('button', { name: 'Nuevo pedido' }).tap();
  const dialog = page.getByRole('dialog', { name: /^Nuevo pedido #\d{6}$/ });
  await dialog.getByRole('textbox', { name: /Nombre/ }).fill('Lucía Gómez');
  await dialog.getByRole('textbox', { name: /Teléfono/ }).fill('1155554444');
  await dialog.getByRole('textbox', { name: /Dirección/ }).fill('Calle 1');
  await dialog.getByRole('button', { name: 'Siguiente' }).tap();
  await expect(page.getByText('La dirección debe tener entre 10 y 100 caracteres.').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: /Dirección/ }).fill('Av. Santa Fe 2100, CABA');
  await quiet(page);
  await checkScreen(page, 'delivery-new-order-contact');
  await dialog.getByRole('button', { name: 'Siguiente' }).tap();

  // step 2: dishes with quantities and comments; a dish at 0 leaves the order
  await expect(dialog.getByTestId('new-order-step')).toHaveText('Paso 2 de 2: platos');
  await dialog.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await dialog.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await dialog.getByRole('button', { name: 'Sumar Empanada' }).tap();
  await dialog.getByRole('textbox', { name: 'Comentario para Empanada' }).fill('bien cocidas');
  await dialog.getByRole('button', { name: 'Sumar Flan' }).tap();
  await dialog.getByRole('button', { name: 'Restar Flan' }).tap();
  await expect(dialog.getByRole('textbox', { name: 'Comentario para Flan' })).toHaveCount(0);
  await expect(dialog.getByTestId('new-order-total')).toHaveText(/3 platos · \$\s4\.500,00/);
  await quiet(page);
  await checkScreen(page, 'delivery-new-order-dishes');
  await dialog.getByRole('button', { name: 'Crear pedido' }).tap();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('delivery-table').getByRole('row', { name: /Lucía Gómez/ });
  await expect(row.getByTestId('delivery-status')).toHaveText('Nuevo');
  await expect(row.getByText('3 x Empanada (bien cocidas)')).toBeVisible();
  await quiet(page);
  await checkScreen(page, 'delivery-list');

  // the contact and address edit
  await row.getByRole('button', { name: /^Editar contacto y dirección del pedido/ }).tap();
  const edit = page.getByRole('dialog', { name: /^Contacto y dirección del pedido/ });
  await edit.getByRole('textbox', { name: /Dirección/ }).fill('Av. Córdoba 3300, piso 4 B');
  await quiet(page);
  await checkScreen(page, 'delivery-contact');
  await edit.getByRole('button', { name: 'Guardar' }).tap();
  await expect(edit).toBeHidden();
  await expect(row.getByTestId('delivery-address')).toHaveText('Av. Córdoba 3300, piso 4 B');

  // accepted, then delivered
  await row.getByRole('button', { name: 'Aceptar' }).tap();
  await expect(row.getByTestId('delivery-status')).toHaveText('Aceptado');
  await row.getByRole('button', { name: 'Entregar' }).tap();
  await expect(row.getByTestId('delivery-status')).toHaveText('Entregado');

  // its detail: the lines, the comment, the detail text
  await row.getByRole('button', { name: /^Ver el detalle del pedido/ }).tap();
  const detail = page.getByRole('dialog', { name: /^Pedido #\d{6}$/ });
  await expect(detail.getByTestId('detail-lines')).toContainText('Comentario: bien cocidas');
  await detail.getByRole('textbox', { name: 'Detalle de la orden' }).fill('Tocar timbre 4B');
  // the toasts of the moves closed first: at most six show at once, and a seventh waits its turn
  await quiet(page);
  await detail.getByRole('button', { name: 'Guardar detalle' }).tap();
  await expect(page.getByText('Detalle actualizado.')).toBeVisible();
  await quiet(page);
  await checkScreen(page, 'delivery-detail');
  await detail.getByRole('button', { name: 'Cerrar' }).first().tap();

  // its ticket, 85 mm: nothing ticked is refused; then printed
  await row.getByRole('button', { name: /^Imprimir el ticket del pedido/ }).tap();
  const ticket = page.getByRole('dialog', { name: 'Imprimir ticket' });
  await quiet(page);
  await ticket.getByRole('checkbox', { name: '3 × Empanada' }).tap();
  await ticket.getByRole('button', { name: 'Imprimir' }).tap();
  await expect(page.getByText('No hay nada seleccionado para imprimir.')).toBeVisible();
  await ticket.getByRole('checkbox', { name: '3 × Empanada' }).tap();
  await quiet(page);
  await checkScreen(page, 'delivery-ticket');
  await ticket.getByRole('button', { name: 'Imprimir' }).tap();
  expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  // what the printer gets: the ticket alone, 85 mm wide
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByTestId('ticket-print');
  await expect(printed).toBeVisible();
  await expect(printed).toContainText('Av. Córdoba 3300, piso 4 B');
  await expect(printed).toContainText('Tocar timbre 4B');
  expect(Math.round((await printed.locator('> div').first().boundingBox())!.width)).toBe(Math.round((85 / 25.4) * 96));
  await page.screenshot({ path: `${DIR}/delivery-ticket-print.png` });
  await page.emulateMedia({ media: 'screen' });
  await ticket.getByRole('button', { name: 'Cancelar' }).tap();

  // a diner's phone sends a take-away order from the menu link: the tablet rings and shows it, no reload
  const diner = await phone(browser);
  const opened: string[] = [];
  await diner.route('https://wa.me/**', (route) => {
    opened.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
  });
  await diner.goto(`/menus?menu=${world.menu}`);
  await diner.getByTestId('dish-Provoleta').click();
  await diner.getByRole('dialog', { name: 'Provoleta' }).getByRole('button', { name: /Agregar al pedido/ }).click();
  await diner.getByTestId('open-cart').click();
  await diner.getByRole('dialog', { name: 'Tu pedido' }).getByRole('button', { name: 'Confirmar pedido' }).click();
  const confirm = diner.getByRole('dialog', { name: 'Confirmar pedido' });
  await confirm.getByText('Take away').click();
  await confirm.getByRole('textbox', { name: /Nombre de la persona/ }).fill('Beto Ruiz');
  await confirm.getByRole('textbox', { name: /¿Con cuánto pagás/ }).fill('6000');
  const before = (await tones(page)).length;
  const sent = Date.now();
  await confirm.getByRole('button', { name: 'Enviar por WhatsApp' }).click();
  const arrived = page.getByTestId('delivery-table').getByRole('row', { name: /Beto Ruiz/ });
  await expect(arrived).toBeVisible({ timeout: 3_000 });
  info.annotations.push({ type: 'live ms: diner take-away order to the tablet', description: String(Date.now() - sent) });
  await expect(arrived.getByText('Take away')).toBeVisible();
  await expect.poll(async () => (await tones(page)).slice(before)).toEqual(NEW_ORDER_TONES);
  await checkScreen(page, 'delivery-live');

  // the WhatsApp message links the order's tracking page
  await expect.poll(() => opened.length).toBe(1);
  const text = new URL(opened[0]).searchParams.get('text') ?? '';
  expect(new URL(opened[0]).pathname).toBe(`/${WHATSAPP}`);
  expect(text).toMatch(/\nSeguí tu pedido: http:\/\/[^/]+\/seguimiento\?t=[A-Za-z0-9_-]{43}$/);
  for (const n of info.annotations) console.log(`${n.type}: ${n.description}`);
  await diner.context().close();
  await page.context().close();
});

test('without a delivery menu, the screen says to pick one in the Menus section', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  const world = await setUp(request);
  // the menu is the delivery menu no more
  const res = await request.put(`/api/menu/${world.menu}/`, { headers: world.headers, data: { name: 'Para llevar', restaurant: world.restaurant, delivery: false } });
  expect(res.status(), await res.text()).toBe(200);
  const page = await tablet(browser, world);
  const notice = page.getByTestId('no-delivery-menu');
  await expect(notice).toContainText('Elegí uno en la sección Menús');
  await checkScreen(page, 'delivery-no-menu');
  await notice.getByRole('link', { name: 'Ir a Menús' }).tap();
  await expect(page).toHaveURL(/\/menu$/);
  await page.context().close();
});

test('in English: the list, its toolbar, the new order and the detail read in English', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  const world = await setUp(request);
  const page = await tablet(browser, world);
  await page.getByTestId('locale-toggle').getByRole('button', { name: 'EN' }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery and take away');
  await expect(page.getByTestId('live')).toHaveText('Live');
  // a diner's take-away order arrives live, in the tablet's language
  const order = await dinerOrder(request, world, [{ dish: 'Empanada', quantity: 2 }]);
  const row = page.getByTestId(`delivery-${order.fk_delivery}`);
  await expect(row.getByTestId('delivery-status')).toHaveText('New');
  await expect(row.getByText('Take away')).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Actions on the selected orders' })).toContainText('No order selected');
  await expect(page.getByRole('toolbar', { name: 'Actions on the selected orders' }).getByRole('button', { name: 'Charge all' })).toBeEnabled();
  await quiet(page);
  await checkScreen(page, 'delivery-list-en');
  // a tablet held upright: the page itself never scrolls sideways (the table scrolls in its box)
  await page.setViewportSize({ width: 768, height: 1024 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await checkScreen(page, 'delivery-list-portrait-en');
  await page.setViewportSize({ width: 1024, height: 768 });

  await row.getByRole('button', { name: `See the detail of order #${order.fk_delivery}` }).tap();
  const detail = page.getByRole('dialog', { name: `Order #${order.fk_delivery}` });
  await expect(detail.getByTestId('detail-lines')).toContainText('2 × Empanada');
  await expect(detail).toContainText('Sent by the diner');
  await quiet(page);
  await checkScreen(page, 'delivery-detail-en');
  await detail.getByRole('button', { name: 'Close' }).first().tap();

  await page.getByRole('button', { name: 'New order' }).tap();
  const dialog = page.getByRole('dialog', { name: /^New order #\d{6}$/ });
  await expect(dialog.getByTestId('new-order-step')).toHaveText('Step 1 of 2: contact and type');
  await dialog.getByRole('textbox', { name: /Name/ }).fill('A');
  await dialog.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByText('The name must have 2 to 30 characters.').first()).toBeVisible();
  await expect(page.getByText('Enter the phone number.').first()).toBeVisible();
  await expect(page.getByText('Enter the address').first()).toBeVisible();
  await quiet(page);
  await checkScreen(page, 'delivery-new-order-en');
  await page.context().close();
});

test('two tablets: a move on one shows on the other without a reload; bulk moves and the reject confirmation', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  test.setTimeout(60_000);
  const world = await setUp(request);
  const first = await dinerOrder(request, world, [{ dish: 'Empanada', quantity: 1 }]);
  const second = await dinerOrder(request, world, [{ dish: 'Flan', quantity: 2 }]);
  const a = await tablet(browser, world);
  const b = await tablet(browser, world);
  const rowOn = (page: typeof a, order: { fk_delivery: string }) => page.getByTestId(`delivery-${order.fk_delivery}`);
  for (const page of [a, b]) for (const o of [first, second]) await expect(rowOn(page, o).getByTestId('delivery-status')).toHaveText('Nuevo');

  // one order accepted on tablet A: tablet B shows it, no reload
  await rowOn(a, first).getByRole('button', { name: 'Aceptar' }).tap();
  await expect(rowOn(b, first).getByTestId('delivery-status')).toHaveText('Aceptado', { timeout: 3_000 });
  // B's toast names the order by the number its list shows, not by the order's internal id
  await expect(b.getByText(`#${first.fk_delivery}: 1 × Empanada pasó a Aceptado`)).toBeVisible({ timeout: 3_000 });

  // in bulk on tablet B: every order selected, 'Entregar' moves the accepted one only, A follows
  await b.getByRole('checkbox', { name: 'Seleccionar todos los pedidos de la página' }).check();
  const toolbar = b.getByRole('toolbar', { name: 'Acciones sobre los pedidos seleccionados' });
  await expect(toolbar).toContainText('2 pedidos seleccionados');
  await toolbar.getByRole('button', { name: 'Entregar' }).tap();
  await expect(rowOn(b, first).getByTestId('delivery-status')).toHaveText('Entregado');
  await expect(rowOn(b, second).getByTestId('delivery-status')).toHaveText('Nuevo');
  await expect(rowOn(a, first).getByTestId('delivery-status')).toHaveText('Entregado', { timeout: 3_000 });

  // a bulk reject asks first; cancelled, nothing moves; confirmed, the new order is rejected and A follows
  await b.getByRole('checkbox', { name: `Seleccionar el pedido #${second.fk_delivery}` }).check();
  await toolbar.getByRole('button', { name: 'Rechazar' }).tap();
  const confirm = b.getByRole('dialog', { name: 'Rechazar' });
  await expect(confirm).toContainText('¿Rechazar el pedido?');
  await quiet(b);
  await checkScreen(b, 'delivery-reject-confirm');
  await confirm.getByRole('button', { name: 'Cancelar' }).tap();
  await expect(confirm).toBeHidden();
  await expect(rowOn(b, second).getByTestId('delivery-status')).toHaveText('Nuevo');
  await toolbar.getByRole('button', { name: 'Rechazar' }).tap();
  await confirm.getByRole('button', { name: 'Rechazar' }).tap();
  await expect(confirm).toBeHidden();
  await expect(rowOn(b, second).getByTestId('delivery-status')).toHaveText('Rechazado');
  await expect(rowOn(a, second).getByTestId('delivery-status')).toHaveText('Rechazado', { timeout: 3_000 });
  // a delivered order cannot be rejected: its button is off
  await expect(rowOn(a, first).getByRole('button', { name: `Rechazar el pedido #${first.fk_delivery}` })).toBeDisabled();
  await a.context().close();
  await b.context().close();
});

test('pay at the counter: nothing to pay while the order is new; delivered, it is paid in cash and the balance has it', async ({ browser, request }, info) => {
  test.skip(info.project.name !== 'tablet', 'staff tablets only');
  test.setTimeout(60_000);
  const SHOTS = '/tmp/shots-delivery-pay';
  mkdirSync(SHOTS, { recursive: true });
  const world = await setUp(request);
  const order = await dinerOrder(request, world, [{ dish: 'Empanada', quantity: 2 }, { dish: 'Flan', quantity: 1 }]);
  const page = await tablet(browser, world);
  const row = page.getByTestId(`delivery-${order.fk_delivery}`);
  const payOne = row.getByRole('button', { name: `Cobrar el pedido #${order.fk_delivery}` });
  const payAll = page.getByRole('toolbar', { name: 'Acciones sobre los pedidos seleccionados' }).getByRole('button', { name: 'Cobrar todo' });
  await expect(row.getByTestId('delivery-status')).toHaveText('Nuevo');
  // a new order cannot be charged: its button is off, and 'pay all' says why
  await expect(payOne).toBeDisabled();
  await payAll.tap();
  await expect(page.getByText('No hay órdenes para cobrar: los pedidos nuevos deben aceptarse antes de cobrarlos.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/1-nothing-to-pay-only-new.png` });
  await quiet(page);

  await row.getByRole('button', { name: 'Aceptar' }).tap();
  await expect(row.getByTestId('delivery-status')).toHaveText('Aceptado');
  await row.getByRole('button', { name: 'Entregar' }).tap();
  await expect(row.getByTestId('delivery-status')).toHaveText('Entregado');
  await quiet(page);

  // the delivered order, paid in cash through the pay dialog (one bulk payment of its lines)
  await payOne.tap();
  const dialog = page.getByRole('dialog', { name: `Cobrar el pedido #${order.fk_delivery}` });
  await expect(dialog.getByTestId('pay-total')).toHaveText(/Órdenes: 2 · Total: \$\s5\.500,00/);
  await expect(dialog.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await checkScreen(page, 'delivery-pay-dialog');
  await page.screenshot({ path: `${SHOTS}/2-pay-dialog.png` });
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/pagar-orden/recibir-varios-pagos/') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Cobrar' }).tap();
  const answer = await paid;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()['idempotency-key']).toBeTruthy();
  expect(await answer.json()).toMatchObject({ method: 'cash', amount: '5500.00', orders_sit_count: null, data: { orders_delivery_count: 0 } });
  await expect(page.getByText('Pago registrado: no queda nada por cobrar en esos pedidos')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('delivery-status')).toHaveText('Pagado');
  await expect(payOne).toBeDisabled();
  await expect(row.getByRole('button', { name: `Rechazar el pedido #${order.fk_delivery}` })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/3-paid.png` });
  await quiet(page);
  // nothing left to pay: 'pay all' says so, without the note about new orders
  await payAll.tap();
  await expect(page.getByText('No hay órdenes para cobrar.', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/4-nothing-to-pay.png` });

  // billing recorded the sale from ordering's event: the restaurant's cash balance is this order
  await expect
    .poll(async () => {
      const res = await request.post('/api/obtener-balance/resto-balance/', { headers: world.headers, data: { fk_resto: world.restaurant, payment_type: 'Efectivo' } });
      return ((await res.json()) as { importe_total?: string }).importe_total;
    }, { timeout: 15_000 })
    .toBe('5500.00');
  await page.context().close();
});
