import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Open the login dialog from the top bar of '/'. */
export async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByTestId('open-login').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Usuario o e-mail')).toBeVisible();
  return dialog;
}

/** Demo login through the UI: the seeded demo owner lands on /restaurante. */
export async function demoLogin(page: Page) {
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Probar con el usuario de prueba' }).click();
  await expect(page).toHaveURL(/\/restaurante$/);
}

/** Register a new restaurant owner on /resto; returns its e-mail. */
export async function registerOwner(page: Page) {
  const email = unique('owner');
  await page.goto('/resto');
  const form = page.getByRole('form', { name: 'Registrá tu restaurante' });
  await form.getByLabel('Nombre del local').fill('La Esquina E2E');
  await form.getByLabel('Teléfono').fill('1123456789');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Contraseña', { exact: true }).fill('Sabores-del-Sur-2026');
  await form.getByLabel('Repetir contraseña').fill('Sabores-del-Sur-2026');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/restaurante$/);
  return email;
}

/** An owner's first visit shows the help image: close it (writes StartResto = 2). */
export async function closeHelp(page: Page) {
  const help = page.getByRole('dialog', { name: 'Primeros pasos' });
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Cerrar' }).click();
  await expect(help).toBeHidden();
}

/** A real PNG of one colour (catalog checks images by their content and re-encodes them). */
export function png(r: number, g: number, b: number, size = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [r, g, b][i % 3])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Signs an owner in through local storage, their restaurant selected, as the login would. Set
 * on a static file of the origin: the app (which clears a visitor's storage on '/') does not run.
 */
export async function signInOwner(page: Page, owner: { token: string; email: string; restaurant: number; restaurantName?: string }) {
  await page.goto('/help-start.svg');
  await page.evaluate((o) => {
    localStorage.clear();
    localStorage.setItem('token', o.token);
    localStorage.setItem('user', o.email);
    localStorage.setItem('groups', '[2]');
    localStorage.setItem('getpk', String(o.restaurant));
    if (o.restaurantName) localStorage.setItem('nameResto', o.restaurantName);
    localStorage.setItem('StartResto', '2');
    localStorage.setItem('cookie-accepted', 'true');
  }, owner);
}
