import { checkScreen, expect, test } from './fixtures';
import { closeHelp, demoLogin, openLogin, registerOwner } from './helpers';

test.describe('sign-in and access (issue 3)', () => {
  test('registering an owner lands on /restaurante', async ({ page }) => {
    await registerOwner(page);
    await closeHelp(page);
    await expect(page.getByTestId('owner-home-title')).toHaveText('Mis restaurantes');
    await expect(page.getByText('Restaurante registrado correctamente.')).toBeVisible();
    await checkScreen(page, 'app-registered-owner-home');
  });

  test('logging out shows the goodbye toast on /', async ({ page }) => {
    await demoLogin(page);
    await closeHelp(page);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Cerraste sesión correctamente. ¡Hasta pronto!')).toBeVisible();
    await checkScreen(page, 'app-logged-out');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a wrong password shows the login error', async ({ page }) => {
    const dialog = await openLogin(page);
    await dialog.getByLabel('Usuario o e-mail').fill('demo@resto.local');
    await dialog.getByLabel('Contraseña').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Error al ingresar')).toBeVisible();
    await checkScreen(page, 'app-login-error');
  });

  test('ES to EN changes the texts', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-title')).toHaveText('Tu menú digital con QR, pedidos y cobros en un solo lugar');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(page.getByTestId('landing-title')).toHaveText('Your QR digital menu, orders and payments in one place');
    await expect(page.getByRole('link', { name: 'FAQ', exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('landing-title')).toHaveText('Your QR digital menu, orders and payments in one place');
    await checkScreen(page, 'app-landing-en');
  });

  test('an owner opening /administrador lands on /403', async ({ page }) => {
    await demoLogin(page);
    await page.goto('/administrador');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText('No tenés permiso para ver esta página.')).toBeVisible();
    await checkScreen(page, 'app-403');
  });

  test('a visitor opening /menu lands on /', async ({ page }) => {
    await page.goto('/menu');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-title')).toBeVisible();
    await checkScreen(page, 'app-landing');
  });

  test('/preguntas-frecuentes?toPrice=1 opens the price tab', async ({ page }) => {
    await page.goto('/preguntas-frecuentes?toPrice=1');
    const priceTab = page.getByTestId('faq-tab-price');
    // tabs on wide screens, expandable panels on narrow ones (< 48em)
    const narrow = (page.viewportSize()?.width ?? 1024) < 768;
    await expect(priceTab).toHaveAttribute(narrow ? 'aria-expanded' : 'aria-selected', 'true');
    await expect(page.getByTestId('price-card')).toHaveCount(2);
    await expect(page.getByTestId('price-card').first()).toBeInViewport();
    await checkScreen(page, 'app-faq-price');
  });

  test('the demo login works', async ({ page }) => {
    await demoLogin(page);
    await expect(page.getByTestId('owner-name')).toContainText('Demo');
    await checkScreen(page, 'app-demo-owner');
  });
});
