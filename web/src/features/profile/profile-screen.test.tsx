import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityFake } from '@/testing/identity-fake';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';

let fake: ReturnType<typeof identityFake>;
beforeEach(() => {
  fake = identityFake();
  server.use(...fake.handlers);
});

async function openEditor() {
  const user = userEvent.setup();
  const utils = renderApp('/profile', { as: 'client' });
  const form = await screen.findByRole('form', { name: 'Mi perfil' });
  expect(within(form).getByLabelText(/^Nombre/)).toHaveAttribute('readonly');
  await user.click(screen.getByTestId('profile-edit-toggle'));
  return { user, form, ...utils };
}

describe('/profile: the client profile', () => {
  it('shows the profile read only; the e-mail stays read only in edit mode', async () => {
    const { form } = await openEditor();
    expect(within(form).getByLabelText(/^Nombre/)).not.toHaveAttribute('readonly');
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('E-mail')).toHaveValue('client@example.com');
  });

  it('checks the rules (names ≥ 4, phone 8–20 digits) and shows each as a notification', async () => {
    const { user, form } = await openEditor();
    const first = within(form).getByLabelText(/^Nombre/);
    await user.clear(first);
    await user.type(first, 'Ana');
    await user.type(within(form).getByLabelText(/^Teléfono/), '1234');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('El nombre debe tener entre 4 y 30 caracteres')).toBeInTheDocument();
    expect(within(form).getByText('El teléfono debe tener entre 8 y 20 dígitos')).toBeInTheDocument();
    expect(await screen.findByText('Nombre: El nombre debe tener entre 4 y 30 caracteres')).toBeInTheDocument();
    expect(fake.last('PUT', /actualizar/)).toBeUndefined();
  });

  it('saves only what changed (multipart, names as fk_user.*) and returns to the read view', async () => {
    const { user, form } = await openEditor();
    await user.type(within(form).getByLabelText(/^Teléfono/), '1155554444');
    await user.selectOptions(within(form).getByLabelText('Género'), '1');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Perfil actualizado.')).toBeInTheDocument();
    expect(fake.last('PUT', /actualizar/)?.body).toEqual({ telefono: '1155554444', genero: '1' });
    await waitFor(() => expect(within(form).getByLabelText(/^Teléfono/)).toHaveAttribute('readonly'));
    expect(within(form).getByLabelText(/^Teléfono/)).toHaveValue('1155554444');
  });

  it('a server field error shows the field name and its message, 7 s', async () => {
    const { user, form } = await openEditor();
    await user.type(within(form).getByLabelText(/^Teléfono/), '00000000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al guardar el perfil')).toBeInTheDocument();
    expect(screen.getByText('Teléfono: Solo se permiten números.')).toBeInTheDocument();
  });

  it('leaving with unsaved changes asks to discard them', async () => {
    const { user, form, router } = await openEditor();
    await user.type(within(form).getByLabelText(/^Teléfono/), '11');
    await router.navigate('/preguntas-frecuentes');
    expect(await screen.findByRole('dialog', { name: '¿Descartar cambios?' })).toBeInTheDocument();
  });

  it('a wrong current password in the change-password dialog shows the credentials error', async () => {
    const user = userEvent.setup();
    renderApp('/profile', { as: 'client' });
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'wrong-password');
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'Otra-Clave-2026');
    await user.type(within(dialog).getByLabelText('Repetir nueva contraseña'), 'Otra-Clave-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok-client');
  });
});
