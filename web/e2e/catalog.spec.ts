import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { checkScreen, expect, expectAccessible, test } from './fixtures';
import { png, signInOwner } from './helpers';

/**
 * Issue 5's browser test, against the running stack through the gateway: build a menu with two
 * categories, a sub-category and three dishes with images; reorder by drag (a finger on the tablet,
 * and the keyboard); raise one category's prices by 10%; disable a dish; the public menu then shows
 * exactly the result. Screenshots at tablet size in test-results/screenshots/.
 */
const DIR = 'test-results/screenshots';
/** axe on the screen, and its screenshot at tablet size (e2e/fixtures.ts). */
const shot = (page: Page, name: string) => checkScreen(page, `catalog-${name}`);
const PASSWORD = 'Sabores-del-Sur-2026';

/** A fresh owner with a restaurant (POST /api/restaurant/), signed in through local storage. */
async function signInNewOwner(page: Page, request: APIRequestContext) {
  const email = `catalog-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post('/api/restaurant/', {
    data: { nombre_local: 'Catálogo E2E', telefono: '1123456789', fk_user: { email, password: PASSWORD, password2: PASSWORD } },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: number; auth_token: string };
  await signInOwner(page, { token: body.auth_token, email, restaurant: body.id });
  return { token: body.auth_token, restaurant: body.id };
}

/** A finger drag (CDP touch events → pointer events of type touch) from one point to another. */
async function touchDrag(page: Page, from: Locator, to: Locator, where: 'top' | 'bottom') {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + Math.min(b.width / 2, 200), y: where === 'top' ? b.y + 4 : b.y + b.height - 4 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    const point = { x: start.x + ((end.x - start.x) * i) / steps, y: start.y + ((end.y - start.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await page.waitForTimeout(20);
  }
  await expect(page.getByTestId('drop-indicator')).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const toast = (page: Page, text: string) => expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

async function addCategory(page: Page, opener: Locator, name: string) {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre de la categoría').fill(name);
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toBeHidden();
}

async function addDish(page: Page, category: string, name: string, price: string) {
  await page.getByRole('button', { name: `Agregar plato a ${category}` }).click();
  const dialog = page.getByRole('dialog', { name: `Nuevo plato en «${category}»` });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Precio').fill(price);
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toBeHidden();
}

test('build a menu, reorder it by drag, raise prices, disable a dish: the public menu shows exactly that', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'tablet', 'the catalog flow runs at tablet size, with a finger');
  test.setTimeout(180_000);
  const { token, restaurant } = await signInNewOwner(page, request);

  // --- build: two categories, a sub-category, three dishes -------------------------------------
  await page.goto('/menu');
  await expect(page.getByText('Todavía no hay menús')).toBeVisible();
  await page.getByRole('button', { name: 'Crear menú' }).click();
  await page.getByLabel('Nombre del menú').fill('Carta E2E');
  // the client refuses an empty menu, as the server does
  await page.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, 'El menú no puede estar vacío.');
  await addCategory(page, page.getByRole('button', { name: 'Agregar categoría' }), 'Entradas');
  await addCategory(page, page.getByRole('button', { name: 'Agregar categoría' }), 'Bebidas');
  await addCategory(page, page.getByRole('button', { name: 'Agregar subcategoría a Bebidas' }), 'Vinos');
  await addDish(page, 'Entradas', 'Empanada', '1500');
  await addDish(page, 'Entradas', 'Provoleta', '4200');
  await addDish(page, 'Vinos', 'Malbec', '9000');
  await shot(page, 'menu-create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, 'Menú creado.');
  await expect(page.getByRole('button', { name: 'Editar menú' })).toBeEnabled();

  const menus = await request.get(`/api/menu/?restaurant=${restaurant}`, { headers: { Authorization: `Token ${token}` } });
  const [menu] = (await menus.json()) as { id: number; name: string }[];
  expect(menu.name).toBe('Carta E2E');
  await expect(page.getByTestId('menu-share-panel').getByRole('textbox')).toHaveValue(new RegExp(`/menus\\?menu=${menu.id}$`));
  await expect(page.getByTestId('menu-qr')).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe('qr_menu.pdf');
  await shot(page, 'menu-view');

  // --- reorder: a finger drags Bebidas above Entradas; the keyboard moves Provoleta up ----------
  await page.getByRole('button', { name: 'Editar menú' }).click();
  await touchDrag(
    page,
    page.getByRole('button', { name: 'Mover Bebidas' }),
    page.getByTestId('tree-category-Entradas').locator('[data-tree-row="category"]'),
    'top',
  );
  await expect(page.getByTestId('menu-tree').locator('[data-testid^="tree-category-"]').first()).toHaveAttribute('data-testid', 'tree-category-Bebidas');
  const grip = page.getByRole('button', { name: 'Mover Provoleta' });
  await grip.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('tree-category-Entradas').locator('[data-tree-row="dish"]').first()).toHaveAttribute('data-testid', 'tree-dish-Provoleta');
  await shot(page, 'menu-reordered');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, 'Menú actualizado.');

  // --- images: one per dish, through the edit dialog's upload dialog ----------------------------
  await page.goto(`/lista-de-platos?menu=${menu.id}`);
  const colors: Record<string, [number, number, number]> = { Empanada: [200, 120, 40], Provoleta: [240, 220, 120], Malbec: [120, 20, 60] };
  for (const [name, rgb] of Object.entries(colors)) {
    await page.getByTestId(`dish-card-${name}`).click();
    const edit = page.getByRole('dialog', { name: 'Editar plato' });
    await expect(edit.getByText('Este plato no tiene imágenes.')).toBeVisible();
    await edit.getByRole('button', { name: 'Agregar imagen' }).click();
    const upload = page.getByRole('dialog', { name: 'Subir imagen' });
    await upload.locator('input[type="file"]').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: png(...rgb) });
    await upload.getByRole('button', { name: 'Subir' }).click();
    await toast(page, 'Imagen agregada.');
    await expect(edit.getByRole('img', { name: new RegExp(`^${name}: imagen 1 de 1`) })).toBeVisible();
    if (name === 'Malbec') await shot(page, 'dish-edit-dialog');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edit).toBeHidden();
  }
  await shot(page, 'dish-list');

  // --- raise the prices of one category (Entradas) by 10% -----------------------------------------
  await page.getByRole('button', { name: 'Actualización masiva de precios' }).click();
  const bulk = page.getByRole('dialog', { name: 'Actualización masiva de precios' });
  await bulk.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Entradas' }).click();
  await bulk.getByRole('textbox', { name: 'Porcentaje' }).fill('10');
  await shot(page, 'bulk-price-dialog');
  await bulk.getByRole('button', { name: 'Actualizar precios' }).click();
  await toast(page, 'Precios actualizados.');
  await expect(page.getByTestId('dish-card-Provoleta').getByTestId('dish-price')).toHaveText(/4\.620,00/);

  // --- disable a dish ---------------------------------------------------------------------------
  await page.getByTestId('dish-card-Empanada').click();
  const edit = page.getByRole('dialog', { name: 'Editar plato' });
  await edit.getByRole('button', { name: 'Deshabilitar' }).click();
  await toast(page, 'Plato deshabilitado.');
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('dish-card-Empanada')).toHaveAttribute('data-disabled', 'true');
  await shot(page, 'dish-list-disabled');

  // --- the public menu, anonymous, through the gateway ------------------------------------------
  const res = await request.get(`/api/public-menu/?menu=${menu.id}`);
  expect(res.status()).toBe(200);
  type PublicCategory = { name: string; dishes: { name: string; price: string; dish_dimage: unknown[] }[]; sub_categories: PublicCategory[] };
  const publicMenu = (await res.json()) as { menu: { name: string }; data: PublicCategory[] };
  const shape = (cs: PublicCategory[]): unknown =>
    cs.map((c) => ({ name: c.name, dishes: c.dishes.map((d) => [d.name, d.price, d.dish_dimage.length]), sub: shape(c.sub_categories) }));
  expect(publicMenu.menu.name).toBe('Carta E2E');
  expect(shape(publicMenu.data)).toEqual([
    { name: 'Bebidas', dishes: [], sub: [{ name: 'Vinos', dishes: [['Malbec', '9000.00', 1]], sub: [] }] },
    { name: 'Entradas', dishes: [['Provoleta', '4620.00', 1]], sub: [] },
  ]);
});

/** A mouse drag by small steps (pointer events of type mouse). */
async function mouseDrag(page: Page, from: Locator, to: Locator, where: 'top' | 'bottom') {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + Math.min(b.width / 2, 200), where === 'top' ? b.y + 4 : b.y + b.height - 4, { steps: 12 });
}

test('with a mouse: a dish drops into another dish list; a category never drops into a dish list', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'desktop', 'the mouse runs at desktop size');
  const { token, restaurant } = await signInNewOwner(page, request);
  const headers = { Authorization: `Token ${token}` };
  const created = await request.post('/api/create-nestable-menu/', {
    headers,
    data: {
      menus: [
        {
          restaurant, name: 'Carta Mouse', delivery: false,
          group_menu: [
            { name: 'Entradas', dishes: [{ name: 'Empanada', price: '1500' }, { name: 'Provoleta', price: '4200' }], sub_categories: [] },
            { name: 'Bebidas', dishes: [], sub_categories: [{ name: 'Vinos', dishes: [{ name: 'Malbec', price: '9000' }], sub_categories: [] }] },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const menuId = ((await created.json()) as { menus: { menu: { id: number } }[] }).menus[0].menu.id;
  await page.goto('/menu');
  await page.getByRole('button', { name: 'Editar menú' }).click();
  await checkScreen(page, 'catalog-menu-edit-mouse');

  // a category over a dish row: no drop place is shown, and letting go changes nothing
  await mouseDrag(page, page.getByRole('button', { name: 'Mover Vinos' }), page.getByTestId('tree-dish-Empanada'), 'bottom');
  await expect(page.getByTestId('drag-ghost')).toBeVisible();
  await expect(page.getByTestId('drop-indicator')).toHaveCount(0);
  await page.mouse.up();
  await expect(page.getByTestId('tree-category-Bebidas').getByTestId('tree-category-Vinos')).toBeVisible();

  // a dish into another category's dish list
  await mouseDrag(page, page.getByRole('button', { name: 'Mover Malbec' }), page.getByTestId('tree-dish-Empanada'), 'bottom');
  await expect(page.getByTestId('drop-indicator')).toBeVisible();
  await page.mouse.up();
  await expect(page.getByTestId('tree-category-Entradas').getByTestId('tree-dish-Malbec')).toBeVisible();
  // Vinos is now empty: the client refuses to save it, as the server would
  await page.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, 'La categoría no puede estar vacía.');
  await page.getByRole('button', { name: 'Eliminar la categoría Bebidas' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, 'Menú actualizado.');

  const tree = await request.get(`/api/nestable-menu/?menu_id=${menuId}`, { headers });
  const data = ((await tree.json()) as { data: { name: string; dishes: { name: string }[] }[] }).data;
  expect(data.map((c) => [c.name, c.dishes.map((d) => d.name)])).toEqual([['Entradas', ['Empanada', 'Malbec', 'Provoleta']]]);
});

test('phone: the editor and the dish list fit a narrow screen', async ({ page, request }) => {
  test.skip(test.info().project.name !== 'phone', 'phone size');
  const { token, restaurant } = await signInNewOwner(page, request);
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto('/menu');
  await page.getByRole('button', { name: 'Crear menú' }).click();
  await page.getByLabel('Nombre del menú').fill('Carta');
  await page.getByRole('button', { name: 'Agregar categoría' }).click();
  await page.getByRole('dialog').getByLabel('Nombre de la categoría').fill('Entradas');
  await page.getByRole('dialog').getByRole('button', { name: 'Agregar' }).click();
  await addDish(page, 'Entradas', 'Empanada', '1500');
  await addDish(page, 'Entradas', 'Provoleta', '4200');
  expect(await scrollWidth()).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'catalog-phone-menu-edit');
  await page.screenshot({ path: `${DIR}/catalog-phone-menu-edit.png`, fullPage: true });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, 'Menú creado.');

  const menus = await request.get(`/api/menu/?restaurant=${restaurant}`, { headers: { Authorization: `Token ${token}` } });
  const [menu] = (await menus.json()) as { id: number }[];
  await page.goto(`/lista-de-platos?menu=${menu.id}`);
  const grid = page.getByTestId('dish-grid');
  await expect(grid.getByTestId('dish-card-Provoleta')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(390);
  // one card per row on a phone: each card takes the grid's width, the second sits below the first
  const [box, first, second] = await Promise.all([grid, grid.getByTestId('dish-card-Empanada'), grid.getByTestId('dish-card-Provoleta')].map((l) => l.boundingBox()));
  expect(first!.width).toBeGreaterThan(box!.width * 0.95);
  expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
  await expectAccessible(page, 'catalog-phone-dish-list');
  await page.screenshot({ path: `${DIR}/catalog-phone-dish-list.png`, fullPage: true });
});
