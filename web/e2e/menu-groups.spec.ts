import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { signInOwner } from './helpers';

/**
 * /menu-group and /dish against the running stack (issue 11's two part-1 routes), at tablet size
 * with a finger: list a menu's categories, create, rename, reorder by drag, delete with
 * confirmation; another owner sees none of them; /dish creates a dish and goes to its list.
 * Screenshots in test-results/screenshots/.
 */
const PASSWORD = 'Sabores-del-Sur-2026';

/** A fresh owner with a restaurant and one menu, signed in through local storage. */
async function ownerWithMenu(page: Page, request: APIRequestContext, name: string) {
  const email = `groups-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post('/api/restaurant/', {
    data: { nombre_local: name, telefono: '1123456789', fk_user: { email, password: PASSWORD, password2: PASSWORD } },
  });
  expect(res.status()).toBe(201);
  const { id: restaurant, auth_token: token } = (await res.json()) as { id: number; auth_token: string };
  const headers = { Authorization: `Token ${token}` };
  // catalog learns of the new restaurant from identity's events: the menu is created once it has
  const groups = [
    { name: 'Entradas', dishes: [{ name: 'Empanada', price: '1500' }], sub_categories: [] },
    { name: 'Bebidas', dishes: [], sub_categories: [{ name: 'Vinos', dishes: [{ name: 'Malbec', price: '9000' }], sub_categories: [] }] },
    { name: 'Postres', dishes: [{ name: 'Flan', price: '2500' }], sub_categories: [] },
  ];
  let created: APIResponse | undefined;
  await expect
    .poll(async () => (created = await request.post('/api/create-nestable-menu/', { headers, data: { menus: [{ restaurant, name: 'Carta', delivery: false, group_menu: groups }] } })).status(), {
      timeout: 15_000,
    })
    .toBe(201);
  const menu = ((await created!.json()) as { menus: { menu: { id: number } }[] }).menus[0].menu.id;
  await signInOwner(page, { token, email, restaurant });
  return { headers, restaurant, menu };
}

/** A finger: press on the handle, hold past the touch delay, move in steps, lift. */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: start.x, y: b.y + 4 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  await page.waitForTimeout(300);
  const steps = 15;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x, y: start.y + ((end.y - start.y) * i) / steps }] });
    await page.waitForTimeout(25);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const toast = (page: Page, text: string) => expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

async function topNames(request: APIRequestContext, headers: Record<string, string>, menu: number) {
  const res = await request.get(`/api/menu-group/?menu=${menu}&paginate=0`, { headers });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { id: number; name: string; order: number; sub_category: number | null }[] | { results: { id: number; name: string; order: number; sub_category: number | null }[] };
  const list = Array.isArray(body) ? body : body.results;
  return list.filter((c) => c.sub_category == null).sort((x, y) => x.order - y.order || x.id - y.id).map((c) => c.name);
}

test.beforeEach(() => {
  test.skip(test.info().project.name !== 'tablet', 'staff screens run at tablet size, with a finger');
});

test('menu groups: create, rename, reorder with a finger, delete with confirmation; another owner sees none', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { headers, menu } = await ownerWithMenu(page, request, 'Grupos E2E');
  await page.goto('/menu-group');
  const list = page.getByTestId('category-list');
  await expect(list.getByText('Entradas')).toBeVisible();
  await expect(page.locator('[data-testid^="category-children-"]').getByText('Vinos')).toBeVisible();

  await page.getByRole('button', { name: 'Nueva categoría' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nueva categoría' });
  await dialog.getByLabel('Nombre de la categoría').fill('Cafés');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await toast(page, 'Categoría creada.');
  await expect(list.getByText('Cafés')).toBeVisible();

  await page.getByRole('button', { name: 'Renombrar «Postres»' }).click();
  dialog = page.getByRole('dialog', { name: 'Renombrar «Postres»' });
  await dialog.getByLabel('Nombre de la categoría').fill('Dulces');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await toast(page, 'Categoría actualizada.');
  expect(await topNames(request, headers, menu)).toEqual(['Entradas', 'Bebidas', 'Dulces', 'Cafés']);
  await checkScreen(page, 'menu-groups-list');

  // a finger drags Dulces above Entradas
  await touchDrag(page, page.getByRole('button', { name: 'Mover «Dulces»' }), page.getByRole('button', { name: 'Mover «Entradas»' }));
  await toast(page, 'Orden de las categorías guardado.');
  await expect.poll(() => topNames(request, headers, menu)).toEqual(['Dulces', 'Entradas', 'Bebidas', 'Cafés']);

  await page.getByRole('button', { name: 'Eliminar «Cafés»' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar categoría' });
  await expect(confirm.getByText('¿Eliminar la categoría «Cafés» con sus subcategorías y platos?')).toBeVisible();
  await checkScreen(page, 'menu-groups-delete');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await toast(page, 'Categoría eliminada.');
  await expect(list.getByText('Cafés')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('category-list').getByRole('listitem').first()).toContainText('Dulces');
  expect(await topNames(request, headers, menu)).toEqual(['Dulces', 'Entradas', 'Bebidas']);

  // another owner: their own menu only, and the first owner's category is out of reach
  const other = await ownerWithMenu(page, request, 'Otro E2E');
  await page.goto('/menu-group');
  await expect(page.getByTestId('category-list').getByText('Entradas')).toBeVisible();
  await expect(page.getByText('Dulces')).toBeHidden();
  const [theirs] = (await (await request.get(`/api/menu-group/?menu=${menu}&paginate=0`, { headers })).json()) as { id: number }[];
  const refused = await request.put(`/api/menu-group/${theirs.id}/?rest=${other.restaurant}`, { headers: other.headers, data: { name: 'Robado' } });
  expect([403, 404]).toContain(refused.status());
});

test('/dish: the only menu opens the dish form; a created dish leads to the dish list; the arrow goes back to /menu', async ({ page, request }) => {
  const { headers, restaurant } = await ownerWithMenu(page, request, 'Plato E2E');
  await page.goto('/dish');
  const form = page.getByRole('form', { name: 'Nuevo plato' });
  await form.getByLabel('Nombre').fill('Budín');
  await form.getByLabel('Precio').fill('3200');
  await form.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Postres' }).click();
  await checkScreen(page, 'dish-create');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/lista-de-platos\?menu=\d+$/);
  await expect(page.getByTestId('dish-grid').getByText('Budín')).toBeVisible();
  const dishes = await request.get(`/api/dish/?menu_group__menu__restaurant=${restaurant}&search=Bud`, { headers });
  expect(((await dishes.json()) as { count: number }).count).toBe(1);

  await page.goto('/dish');
  await page.getByRole('form', { name: 'Nuevo plato' }).getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/dish(\?menu=\d+)?$/);
  await page.getByRole('link', { name: 'Volver al menú' }).click();
  await expect(page).toHaveURL(/\/menu$/);
});
