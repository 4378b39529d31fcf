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
