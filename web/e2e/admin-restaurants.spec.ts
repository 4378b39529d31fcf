import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkScreen, expect, test } from './fixtures';
import { adminLogin, ownerToken } from './helpers';

/**
 * /restaurantList at desktop size through the running stack: a restaurant whose owner filled in
 * its card, average stay, social links and website shows them in its row, with the owner's
 * username and sign-up date (spec part 2 §3 'Restaurant (admin rows)'), in Spanish and English.
 */
// one owner for every run (registrations are limited per address and hour); a fresh restaurant each run
const OWNER = process.env.E2E_ADMIN_LIST_OWNER ?? 'admin-list-e2e@example.com';
const LOGO = fileURLToPath(new URL('./fixtures/logo.png', import.meta.url));

test('the admin reads every column of a restaurant’s row', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'the admin’s screens are checked on the desktop');
  const token = await ownerToken(request, OWNER, 'Lista Admin E2E');
  const headers = { Authorization: `Token ${token}` };
  const name = `Lista Admin ${Date.now() % 1e7}`;
  const created = await request.post('/api/restaurant-atributes/', {
    headers,
    multipart: { nombre_local: name, telefono: '1123456789', direccion: 'Av. Corrientes 1234, CABA', logo: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(LOGO) } },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id_resto: number }).id_resto;
  const updated = await request.put(`/api/restaurant-atributes/${id}/`, {
    headers,
    multipart: {
      nro_tarjeta: '4509 9535 6623 3704',
      avg_permanence: '45.5',
      facebook: 'https://facebook.com/listaadmin',
      instagram: 'listaadmin',
      whatsapp: '5491145678900',
      website: 'https://listaadmin.com.ar',
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await adminLogin(page);
  await page.goto('/restaurantList');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(name);
  const row = page.getByTestId('admin-restaurant-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('owner-username')).toHaveText(OWNER);
  await expect(row.getByTestId('date-joined')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(row.getByTestId('card-number')).toHaveText('•••• 3704'); // identity keeps the last four only
  await expect(row.getByTestId('avg-permanence')).toHaveText('45,5');
  await expect(row.getByRole('link', { name: `Facebook de ${name}` })).toHaveAttribute('href', 'https://facebook.com/listaadmin');
  await expect(row.getByRole('link', { name: `Instagram de ${name}` })).toHaveAttribute('href', /instagram\.com\/listaadmin/);
  await expect(row.getByRole('link', { name: `WhatsApp de ${name}` })).toHaveAttribute('href', /wa\.me\/5491145678900/);
  await expect(row.getByRole('link', { name: 'listaadmin.com.ar' })).toHaveAttribute('href', 'https://listaadmin.com.ar');
  await checkScreen(page, 'admin-restaurant-list');
  await page.screenshot({ path: info.outputPath('1-restaurant-list-es.png') });
  // the columns past the window's width, scrolled into view
  await row.getByTestId('website').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('2-restaurant-list-es-scrolled.png') });

  await page.getByTestId('locale-toggle').getByRole('button', { name: 'EN' }).click();
  for (const column of ['Username', 'Registration date', 'Card', 'Average stay (min)', 'Social', 'Website']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(row.getByTestId('avg-permanence')).toHaveText('45.5');
  await expect(row.getByRole('link', { name: `${name} on Facebook` })).toBeVisible();
  await page.screenshot({ path: info.outputPath('3-restaurant-list-en.png') });
});
