import type { Page } from '@playwright/test';
import { checkScreen, expect, test } from './fixtures';
import { fileURLToPath } from 'node:url';
import { closeHelp, openLogin, registerOwner, unique } from './helpers';

/** Issue 4's browser tests: restaurants, operators, the admin's account views, Google sign-in. */
const LOGO = fileURLToPath(new URL('./fixtures/logo.png', import.meta.url));
const PASSWORD = 'Sabores-del-Sur-2026';

/** axe on the screen in every project; its screenshot at tablet size only (e2e/fixtures.ts). */
const shot = checkScreen;

async function login(page: Page, username: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel('Usuario o e-mail').fill(username);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
}

/** The cookie notice covers the bottom of the screen until accepted. */
async function acceptCookies(page: Page) {
  const notice = page.getByRole('region', { name: 'Aviso de cookies' });
  await notice.getByRole('button', { name: 'Aceptar' }).click();
  await expect(notice).toBeHidden();
}

async function logout(page: Page) {
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
}

test('an owner creates a second restaurant with a logo, edits its profile and adds an operator; the operator lands on /ordenes; the admin finds the owner', async ({ page }) => {
  test.setTimeout(120_000);
  const ownerEmail = await registerOwner(page);
  await closeHelp(page);
  await expect(page.getByTestId('restaurant-card')).toHaveCount(1);
  await shot(page, 'owner-restaurants');

  // a second restaurant, with a logo
  const name = `Segundo ${Date.now() % 1_000_000}`;
  await page.getByRole('tab', { name: 'Nuevo' }).click();
  const create = page.getByRole('form', { name: 'Nuevo restaurante' });
  await create.getByRole('button', { name: 'Crear restaurante' }).click();
  await expect(create.getByText('El logo es obligatorio')).toBeVisible();
  await create.getByLabel('Nombre del local').fill(name);
  await create.getByLabel('Teléfono').fill('1134567890');
  await create.getByLabel('Dirección').fill('Av. Siempre Viva 742, CABA');
  await create.locator('input[type="file"]').setInputFiles(LOGO);
  await shot(page, 'owner-restaurant-create');
  await create.getByRole('button', { name: 'Crear restaurante' }).click();
  await expect(page.getByText('Restaurante creado.')).toBeVisible();
  await expect(page.getByTestId('restaurant-card')).toHaveCount(2);
  const card = page.getByTestId('restaurant-card').filter({ hasText: name });
  await expect(card.getByRole('img', { name: `Logo de ${name}` })).toHaveAttribute('src', /\/media\/identity\//);

  // open it: it becomes the selected restaurant; its profile asks to be completed
  await card.getByRole('button', { name: 'Abrir', exact: true }).click();
  await expect(page).toHaveURL(/\/editar-restaurante$/);
  await expect(page.getByTestId('profile-restaurant-name')).toHaveText(name);
  await expect(page.getByTestId('complete-profile-warning')).toBeVisible();
  await acceptCookies(page);
  await page.getByTestId('profile-edit-toggle').click();
  const profile = page.getByRole('form', { name: 'Perfil del restaurante' });
  await profile.getByLabel(/^Nombre( \*)?$/).fill('Ana');
  await profile.getByLabel('Apellido').fill('Pérez');
  await profile.getByLabel('Facebook').fill('http://example.com/not-facebook');
  await profile.getByLabel('Instagram').fill('segundo.local');
  await profile.getByLabel('WhatsApp').fill('5491134567890');
  await profile.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('facebook url invalido').first()).toBeVisible();
  await profile.getByLabel('Facebook').fill('https://facebook.com/segundo.local');
  await profile.getByRole('switch', { name: 'Acepta reservas' }).check();
  await expect(profile.getByRole('switch', { name: 'Acepta reservas' })).toBeChecked();
  await shot(page, 'owner-restaurant-profile-edit');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Restaurante actualizado.')).toBeVisible();
  await expect(page.getByTestId('complete-profile-warning')).toBeHidden();
  await expect(profile.getByRole('switch', { name: 'Acepta reservas' })).toBeChecked();
  const links = page.getByTestId('social-links');
  await expect(links.getByRole('link', { name: 'https://www.instagram.com/segundo.local/' })).toBeVisible();
  await expect(links.getByRole('link', { name: 'https://wa.me/5491134567890' })).toBeVisible();
  await shot(page, 'owner-restaurant-profile');

  // an operator for it
  await page.goto('/operador-restaurante');
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole('button', { name: 'Agregar operador' }).click();
  const add = page.getByRole('form', { name: 'Agregar operador' });
  const operatorEmail = unique('operator');
  await add.getByLabel('Nombre').fill('Oscar');
  await add.getByLabel('Apellido').fill('Mozo');
  await add.getByLabel('E-mail').fill(operatorEmail);
  await add.getByLabel(/^Contraseña( \*)?$/).fill('con espacios 1');
  await add.getByLabel('Repetir contraseña').fill('con espacios 1');
  await add.getByRole('button', { name: 'Crear operador' }).click();
  await expect(add.getByText('La contraseña no puede contener espacios')).toBeVisible();
  await add.getByLabel(/^Contraseña( \*)?$/).fill(PASSWORD);
  await add.getByLabel('Repetir contraseña').fill(PASSWORD);
  await shot(page, 'owner-operator-add');
  await add.getByRole('button', { name: 'Crear operador' }).click();
  await expect(page.getByText('Operador creado.')).toBeVisible();
  await expect(page.getByTestId('operator-row').filter({ hasText: operatorEmail })).toBeVisible();
  await shot(page, 'owner-operators');
  await logout(page);

  // the operator logs in and lands on /ordenes with that restaurant selected
  await login(page, operatorEmail, PASSWORD);
  await expect(page).toHaveURL(/\/ordenes$/);
  // the restaurant is selected once the operator's restaurants have loaded, which may be after the URL changed
  await expect.poll(() => page.evaluate(() => localStorage.getItem('nameResto'))).toBe(name);
  expect(Number(await page.evaluate(() => localStorage.getItem('getpk')))).toBeGreaterThan(0);
  await page.goto('/operador-restaurante');
  await expect(page).toHaveURL(/\/403$/);
  await logout(page);

  // the admin finds the owner in the customer list and the dashboard
  await login(page, 'admin@resto.local', 'Admin-Resto-2026');
  await expect(page).toHaveURL(/\/administrador$/);
  await page.goto('/user-list');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(ownerEmail);
  await expect(page.getByTestId('account-row')).toHaveCount(1);
  await expect(page.getByTestId('account-row')).toContainText('Ana');
  await shot(page, 'admin-user-list');
  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(ownerEmail);
  await expect(page.getByTestId('dashboard-row')).toHaveCount(2);
  await expect(page.getByTestId('dashboard-row').filter({ hasText: name })).toBeVisible();
  await shot(page, 'admin-dashboard');
  await page.goto('/restaurantList');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(ownerEmail);
  await expect(page.getByTestId('admin-restaurant-row')).toHaveCount(2);
  await shot(page, 'admin-restaurant-list');
});

test('the schedule page stores the opening and closing time', async ({ page }) => {
  await registerOwner(page);
  await closeHelp(page);
  await page.goto('/Crear-horario');
  await page.getByLabel('Apertura: hora').selectOption('9');
  await page.getByLabel('Apertura: minutos').selectOption('30');
  await page.getByLabel('Cierre: hora').selectOption('11');
  await page.getByLabel('Cierre: AM/PM').selectOption('PM');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Horario guardado.')).toBeVisible();
  await shot(page, 'owner-schedule');
  await page.reload();
  await expect(page.getByLabel('Apertura: hora')).toHaveValue('9');
  await expect(page.getByLabel('Cierre: AM/PM')).toHaveValue('PM');
  await page.getByRole('button', { name: 'Borrar horario' }).click();
  await expect(page.getByText('Horario borrado.')).toBeVisible();
});

test('a client signs in with Google through the provider and lands on /profile', async ({ page }) => {
  const email = unique('google');
  await openLogin(page);
  await page.getByRole('button', { name: /Google/ }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:8201\/google\/authorize/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Nombre').fill('Gala');
  await page.getByLabel('Apellido').fill('Google');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Gala Google');
  await shot(page, 'client-profile-google');
  await acceptCookies(page);

  // the client edits the profile: rules first, then the save
  await page.getByTestId('profile-edit-toggle').click();
  const form = page.getByRole('form', { name: 'Mi perfil' });
  await form.getByLabel('Teléfono').fill('123');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El teléfono debe tener entre 8 y 20 dígitos')).toBeVisible();
  await form.getByLabel('Teléfono').fill('1155554444');
  await form.getByLabel('Género').selectOption('0');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Perfil actualizado.')).toBeVisible();
  await expect(form.getByLabel('Teléfono')).toHaveValue('1155554444');
});
