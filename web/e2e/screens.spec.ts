import { checkScreen, expect, test } from './fixtures';
import { closeHelp, demoLogin, unique } from './helpers';

/**
 * Every screen, under the CSP guard, checked by axe and shot at tablet size (1024x768, kept as a
 * test artifact), in every project: the phone's drawer and stacked layouts are screens of their own.
 */
const shot = checkScreen;

const PUBLIC_SCREENS: [string, string, string][] = [
  ['landing', '/', 'landing-title'],
  ['resto', '/resto', ''],
  ['cliente', '/cliente', ''],
  ['faq', '/preguntas-frecuentes', ''],
  ['faq-price', '/preguntas-frecuentes?toPrice=1', 'price-card'],
  ['legal-condiciones-resto', '/legales/condicionesresto', ''],
  ['legal-politicas-resto', '/legales/politicasresto', ''],
  ['legal-condiciones-mobile', '/legales/condicionesmobile', ''],
  ['legal-politicas-mobile', '/legales/politicasmobile', ''],
  ['reset-password', '/recuperar-contrasena/MQ/some-token', ''],
  ['error-404', '/no-such-page', 'error-message'],
  ['error-500', '/500', 'error-message'],
  ['pago-success', '/pago/success', ''],
  ['pago-pending', '/pago/pending', ''],
  ['pago-fail', '/pago/fail', ''],
];

test('public screens', async ({ page }) => {
  test.setTimeout(120_000); // fifteen screens, each through axe
  for (const [name, path, testId] of PUBLIC_SCREENS) {
    await page.goto(path);
    if (testId) await expect(page.getByTestId(testId).first()).toBeVisible();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await shot(page, name);
  }
});

test('on a 360 px phone no public screen scrolls sideways', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone', 'phones only');
  await page.setViewportSize({ width: 360, height: 740 }); // the narrowest common phone
  for (const [, path] of PUBLIC_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
  }
});

test('dialogs', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page.getByTestId('open-login').click();
  await expect(page.getByRole('dialog').getByLabel('Usuario o e-mail')).toBeVisible();
  await shot(page, 'dialog-login');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('button', { name: 'Enviar enlace' })).toBeVisible();
  await shot(page, 'dialog-forgot-password');
  await page.keyboard.press('Escape');
  await page.getByTestId('open-register').click();
  await expect(page.getByRole('dialog').getByLabel('Nombre del local')).toBeVisible();
  await shot(page, 'dialog-register-restaurant');
  await page.goto('/cliente');
  await page.getByRole('tab', { name: 'Registrarse' }).click();
  await expect(page.getByLabel('Nombre y apellido')).toBeVisible();
  await shot(page, 'cliente-register');
  await page.goto('/preguntas-frecuentes');
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeVisible();
  await shot(page, 'cookie-notice');
});

test('owner screens', async ({ page }) => {
  test.setTimeout(90_000);
  await demoLogin(page);
  await expect(page.getByRole('dialog', { name: 'Primeros pasos' })).toBeVisible();
  await shot(page, 'owner-first-visit-help');
  await closeHelp(page);
  await shot(page, 'owner-home');
  for (const [name, path] of [
    ['owner-menu', '/menu'],
    ['owner-dishes', '/lista-de-platos'],
    ['owner-profile', '/editar-restaurante'],
    ['owner-floor', '/croquis-restaurante'],
    ['owner-orders', '/ordenes'],
    ['owner-operators', '/operador-restaurante'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // tabs on a tablet, a select on a phone
    await shot(page, name);
  }
  for (const [name, path] of [
    ['owner-schedule-demo', '/Crear-horario'],
    ['owner-create-restaurant', '/crear-restaurante'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, name);
  }
  await page.goto('/administrador');
  await expect(page).toHaveURL(/\/403$/);
  await shot(page, 'error-403');
});

test('client screens', async ({ page }) => {
  await page.goto('/cliente');
  await page.getByRole('tab', { name: 'Registrarse' }).click();
  const form = page.getByRole('form', { name: 'Crear cuenta de cliente' });
  await form.getByLabel('Nombre y apellido').fill('Carla Gómez');
  await form.getByLabel('E-mail', { exact: true }).fill(unique('client'));
  await form.getByLabel('Contraseña', { exact: true }).fill('Sabores-del-Sur-2026');
  await form.getByLabel('Repetir contraseña').fill('Sabores-del-Sur-2026');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await shot(page, 'client-profile');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByText('Perfil de usuario')).toBeVisible();
  await shot(page, 'client-drawer');
});
