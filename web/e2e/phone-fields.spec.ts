import type { Locator, Page } from '@playwright/test';
import { OWNER, setUp, tablet } from './delivery';
import { checkScreen, expect, test } from './fixtures';
import { OWNER_PASSWORD, signInOwner } from './helpers';

/**
 * Every phone field says its rule (digits only, 8 to 20; spec part 2 §5) before anything is typed:
 * the restaurant registration (in both languages), a new restaurant, the restaurant profile (and
 * WhatsApp's own rule), the client profile and the delivery screen's new order. Portrait tablet,
 * 768x1024; screenshots in each test's output folder.
 */
const PORTRAIT = { width: 768, height: 1024 };
const HINT = 'Solo números, entre 8 y 20 dígitos.';
// one client for every run (registrations are limited per address and hour)
const CLIENT = process.env.E2E_PHONE_CLIENT ?? 'phone-fields-e2e@example.com';

const said = async (field: Locator, text: string) => {
  await expect(field).toHaveAccessibleDescription(text);
  await expect(field.page().getByText(text, { exact: true }).first()).toBeVisible();
};

test.beforeEach(() => test.skip(test.info().project.name !== 'tablet', 'the forms at tablet size'));

test('registration and the owner’s forms', async ({ page, request }, info) => {
  await page.setViewportSize(PORTRAIT);
  await page.goto('/resto');
  let form = page.getByRole('form', { name: 'Registrá tu restaurante' });
  await said(form.getByLabel('Teléfono'), HINT);
  await checkScreen(page, 'phone-register');
  await page.screenshot({ path: info.outputPath('1-register-es.png') });
  await page.getByTestId('locale-toggle').getByRole('button', { name: 'EN' }).click();
  form = page.getByRole('form', { name: 'Register your restaurant' });
  await said(form.getByLabel('Phone'), 'Digits only, 8 to 20 of them.');
  await page.screenshot({ path: info.outputPath('2-register-en.png') });
  await page.getByTestId('locale-toggle').getByRole('button', { name: 'ES' }).click();

  const world = await setUp(request);
  await signInOwner(page, { token: world.token, email: OWNER, restaurant: world.restaurant, restaurantName: world.name });
  await page.goto('/crear-restaurante');
  await said(page.getByLabel(/^Teléfono/), HINT);
  await page.screenshot({ path: info.outputPath('3-new-restaurant.png') });

  await page.goto('/editar-restaurante');
  const profile = page.getByRole('form', { name: 'Perfil del restaurante' });
  await expect(profile.getByLabel(/^Teléfono/)).toHaveAccessibleDescription(''); // the read view says nothing
  await page.getByTestId('profile-edit-toggle').click();
  await said(profile.getByLabel(/^Teléfono/), HINT);
  await said(profile.getByLabel('WhatsApp'), 'Solo números, hasta 20, con código de país; se guarda como enlace wa.me.');
  await checkScreen(page, 'phone-restaurant-profile');
  await profile.getByLabel(/^Teléfono/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('4-restaurant-profile.png') });
  await profile.getByLabel('WhatsApp').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('5-restaurant-whatsapp.png') });
});

test('the delivery screen’s new order', async ({ browser, request }, info) => {
  const page: Page = await tablet(browser, await setUp(request), PORTRAIT);
  await page.getByRole('button', { name: 'Nuevo pedido' }).click();
  const dialog = page.getByRole('dialog', { name: /^Nuevo pedido #\d{6}$/ });
  await said(dialog.getByRole('textbox', { name: /Teléfono/ }), HINT);
  await checkScreen(page, 'phone-delivery-new');
  await page.screenshot({ path: info.outputPath('6-delivery-new-order.png') });
  await page.context().close();
});

test('the client profile', async ({ page, request }, info) => {
  let login = await request.post('/api/auth/token/login/', { data: { username: CLIENT, password: OWNER_PASSWORD } });
  if (!login.ok()) {
    const made = await request.post('/api/cliente/', {
      data: { fk_user: { first_name: 'Carla Gómez', email: CLIENT, password: OWNER_PASSWORD, password2: OWNER_PASSWORD } },
    });
    expect(made.status(), await made.text()).toBe(201);
    login = await request.post('/api/auth/token/login/', { data: { username: CLIENT, password: OWNER_PASSWORD } });
  }
  const { auth_token: token } = (await login.json()) as { auth_token: string };
  await page.setViewportSize(PORTRAIT);
  await page.goto('/help-start.svg');
  await page.evaluate(
    ([t, user]) => {
      localStorage.clear();
      localStorage.setItem('token', t);
      localStorage.setItem('user', user);
      localStorage.setItem('groups', '[3]');
      localStorage.setItem('cookie-accepted', 'true');
    },
    [token, CLIENT],
  );
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Mi perfil' });
  await expect(form.getByLabel(/^Teléfono/)).toHaveAccessibleDescription('');
  await page.getByTestId('profile-edit-toggle').click();
  await said(form.getByLabel(/^Teléfono/), HINT);
  await checkScreen(page, 'phone-client-profile');
  await page.screenshot({ path: info.outputPath('7-client-profile.png'), fullPage: true });
});
