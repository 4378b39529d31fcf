import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDish, menuWithDishes, ownerToken, PHONE, png, sendTableOrder, tableWithQr, type OwnerOf } from './helpers';

/**
 * Issue 13's browser test at phone size, against the running stack through the gateway: the
 * diner's menu from the menu link (takeaway by WhatsApp, also recorded as a delivery order), and
 * from a table's QR (two phones share one tab; a tablet accepts; both phones see it live).
 * Screenshots in test-results/screenshots/.
 */
const DIR = 'test-results/screenshots';
const WHATSAPP = '5491145678900';

test.skip(({ isMobile }) => !isMobile, 'diners use phones: the phone project runs this file');

// One owner of the diner tests for every run (never the demo owner, whose restaurant visitors see):
// registrations are limited per address, and every browser test comes from this machine's.
const DINER_OWNER = 'diner-e2e@example.com';

/**
 * A new restaurant of the diner tests' owner: a wa.me link and take-away on make it take
 * WhatsApp orders; without them the menu is view only.
 */
async function newRestaurant(request: APIRequestContext, takesOrders = true): Promise<OwnerOf> {
  const token = await ownerToken(request, DINER_OWNER, 'Comensales E2E');
  const headers = { Authorization: `Token ${token}` };
  const res = await request.post('/api/restaurant-atributes/', {
    headers,
    multipart: {
      nombre_local: `Esquina ${Date.now() % 1e7}`,
      telefono: '1123456789',
      direccion: 'Av. Corrientes 1234',
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: png(30, 90, 160, 64) },
      ...(takesOrders ? { whatsapp: `https://wa.me/${WHATSAPP}`, takeaway: 'true' } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { token, restaurant: ((await res.json()) as { id_resto: number }).id_resto, headers };
}

test('takeaway from the menu link opens exactly the expected WhatsApp message and records the order', async ({ page, request }) => {
  const owner = await newRestaurant(request);
  const menuId = await menuWithDishes(request, owner);

  // the WhatsApp page is outside: catch the navigation and keep its address
  const opened: string[] = [];
  await page.route('https://wa.me/**', (route) => {
    opened.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
  });

  await page.goto(`/menus?menu=${menuId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('category-Entradas')).toHaveAttribute('open', '');
  await expect(page.getByTestId('dish-Empanada').locator('img')).toHaveJSProperty('complete', true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${DIR}/diner-phone-menu.png`, fullPage: true });

  await addDish(page, 'Empanada', { more: 1, comment: 'sin comino' });
  await page.getByText('Postres', { exact: true }).click();
  await page.getByText('Helados', { exact: true }).click();
  await addDish(page, 'Almendrado');
  await page.getByTestId('open-cart').click();
  const review = page.getByRole('dialog', { name: 'Tu pedido' });
  await expect(review.getByTestId('cart-total')).toHaveText(/5\.000,00/);
  await page.screenshot({ path: `${DIR}/diner-phone-review.png` });
  await review.getByRole('button', { name: 'Confirmar pedido' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirmar pedido' });
  await confirm.getByText('Take away').click();
  await confirm.getByRole('textbox', { name: /¿Con cuánto pagás/ }).fill('4000');
  await confirm.getByRole('button', { name: 'Enviar por WhatsApp' }).click();
  await expect(confirm.getByText('Debe ingresar el nombre de la persona')).toBeVisible();
  await expect(confirm.getByText(/al menos el total del pedido/)).toBeVisible();
  await page.screenshot({ path: `${DIR}/diner-phone-confirm-errors.png` });
  await confirm.getByRole('textbox', { name: /Nombre de la persona/ }).fill('Ana Pérez');
  await confirm.getByRole('textbox', { name: /¿Con cuánto pagás/ }).fill('6000');
  await confirm.getByRole('button', { name: 'Enviar por WhatsApp' }).click();

  await expect.poll(() => opened.length).toBe(1);
  const url = new URL(opened[0]);
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${WHATSAPP}`);
  expect([...url.searchParams.keys()]).toEqual(['text']);
  const text = url.searchParams.get('text')!.replace(/\u00a0/g, ' ');
  const number = /^Pedido #(\d{6})\n/.exec(text)?.[1];
  expect(number).toBeDefined();
  // the message ends with the link to follow this order, which names exactly this order
  const tracking = /\n\nSeguí tu pedido: (\S+)$/.exec(text)?.[1];
  expect(tracking).toMatch(/\/seguimiento\?t=[\w-]{20,}$/);
  const token = new URL(tracking!).searchParams.get('t')!;
  const followed = await request.get(`/api/delivery/seguimiento/${token}/`);
  expect(followed.status(), await followed.text()).toBe(200);
  expect(await followed.text()).toContain(number!);
  expect(text.slice(0, text.length - tracking!.length - '\n\nSeguí tu pedido: '.length)).toBe(
    [
      `Pedido #${number}`,
      'Tipo: Take away',
      '',
      '2 x Empanada ($ 3.000,00)',
      '   Comentario: sin comino',
      '1 x Almendrado ($ 2.000,00)',
      '',
      'Total: $ 5.000,00',
      'Nombre: Ana Pérez',
      'Paga con: $ 6.000,00',
    ].join('\n'),
  );

  // the same order, with the same number, is on the restaurant's delivery list
  const list = await request.get(`/api/delivery/?fk_resto=${owner.restaurant}`, { headers: owner.headers });
  const deliveries = ((await list.json()) as { results: { fk_delivery: string; type_delivery: number; contact_info: { name: string }; status: string; order_total: string; cash_amount: string }[] }).results;
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]).toMatchObject({ fk_delivery: number, type_delivery: 2, contact_info: { name: 'Ana Pérez' }, status: '1', order_total: '5000.00', cash_amount: '6000.00' });
});

test("an unknown menu says 'Menu no encontrado'; a restaurant without WhatsApp shows the view-only warning", async ({ page, request }) => {
  await page.goto('/menus?menu=999999999');
  await expect(page.getByTestId('menu-not-found')).toHaveText('Menu no encontrado');

  const owner = await newRestaurant(request, false);
  const menuId = await menuWithDishes(request, owner, { takesOrders: false });
  await page.goto(`/menus?menu=${menuId}`);
  await expect(page.getByTestId('view-only')).toBeVisible();
  await page.getByTestId('dish-Empanada').click();
  await expect(page.getByRole('dialog', { name: 'Empanada' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Agregar al pedido/ })).toHaveCount(0);

  // English: dollars, and the toggle switches the language
  await page.keyboard.press('Escape');
  await page.getByTestId('locale-toggle').getByRole('button', { name: 'EN' }).click();
  await expect(page.getByTestId('view-only')).toHaveText(/view only/);
  await expect(page.getByTestId('dish-Empanada').getByTestId('dish-price')).toHaveText('$1,500.00');
  await page.screenshot({ path: `${DIR}/diner-phone-view-only-en.png`, fullPage: true });
});

test('two phones at one table share one tab; the staff accepts a line and both phones see it live; the waiter call reaches the board', async ({ browser, request }) => {
  const owner = await newRestaurant(request);
  const menuId = await menuWithDishes(request, owner);
  const table = await tableWithQr(request, owner, menuId);
  const [ana, beto] = await Promise.all([browser.newContext(PHONE), browser.newContext(PHONE)]);
  const [a, b] = await Promise.all([ana.newPage(), beto.newPage()]);
  await Promise.all([a.goto(`/menus?p=${table.token}`), b.goto(`/menus?p=${table.token}`)]);
  for (const p of [a, b]) {
    await expect(p.getByText(/Mesa M1/)).toBeVisible();
    await expect(p.getByTestId('socket-state')).toHaveText('En vivo');
  }

  // Ana orders two empanadas
  await addDish(a, 'Empanada', { more: 1, comment: 'sin comino' });
  await a.getByTestId('open-cart').click();
  const review = a.getByRole('dialog', { name: 'Tu pedido' });
  await review.getByRole('textbox', { name: /Tu nombre/ }).fill('Ana');
  await review.getByRole('button', { name: 'Enviar pedido' }).dblclick();
  await expect(a.getByText('¡Pedido enviado!', { exact: false })).toBeVisible();

  // Beto, on his own phone, orders a provoleta; his phone already shows Ana's line, live
  await expect(b.getByTestId('table-tab').getByText('Pidió Ana')).toBeVisible();
  await addDish(b, 'Provoleta');
  await sendTableOrder(b, 'Beto');

  // one shared tab on both phones: both lines, who ordered each, the running total
  for (const p of [a, b]) {
    const tab = p.getByTestId('table-tab');
    await expect(tab.getByText('Pidió Ana')).toBeVisible();
    await expect(tab.getByText('Pidió Beto')).toBeVisible();
    await expect(tab.getByTestId('tab-total')).toHaveText(/7\.200,00/);
    await expect(tab.getByTestId('line-status')).toHaveText(['Recibido', 'Recibido']);
  }
  await a.screenshot({ path: `${DIR}/diner-phone-table-tab.png`, fullPage: true });

  // the double tap placed one order: the staff sees exactly two lines on the table
  const lines = (await (await request.get(`/api/ordenes/?fk_sit__fk_resto=${owner.restaurant}&paginate=0`, { headers: owner.headers })).json()) as { id: number; dish_name: string; diner_name: string; quantity: number }[];
  expect(lines.map((l) => [l.dish_name, l.quantity, l.diner_name]).sort()).toEqual([['Empanada', 2, 'Ana'], ['Provoleta', 1, 'Beto']]);

  // a tablet accepts Ana's line (through the API: the board screen is another helper's); both phones see it move
  const empanada = lines.find((l) => l.dish_name === 'Empanada')!;
  const accept = await request.put(`/api/ordenes/${empanada.id}/`, { headers: owner.headers, data: { status: '2' } });
  expect(accept.status(), await accept.text()).toBe(200);
  for (const p of [a, b]) {
    await expect(p.getByTestId('table-tab').getByTestId('line-status')).toHaveText(['En preparación', 'Recibido']);
  }

  // Beto calls the waiter: the board's table shows the call
  await b.getByRole('button', { name: 'Llamar al mozo' }).click();
  await expect(b.getByText('Llamamos al mozo. Ya viene.')).toBeVisible();
  await expect
    .poll(async () => {
      const sits = (await (await request.get(`/api/sit/?fk_resto=${owner.restaurant}`, { headers: owner.headers })).json()) as { id: number; call_waiter: boolean; call_kind: string | null }[];
      const sit = sits.find((s) => s.id === table.id);
      return sit && [sit.call_waiter, sit.call_kind];
    })
    .toEqual([true, 'waiter']);
  await b.screenshot({ path: `${DIR}/diner-phone-table-waiter.png`, fullPage: true });
  await Promise.all([ana.close(), beto.close()]);
});
