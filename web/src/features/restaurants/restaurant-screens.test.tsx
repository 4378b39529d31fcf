import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { identityFake, restaurant } from '@/testing/identity-fake';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';

let fake: ReturnType<typeof identityFake>;
beforeEach(() => {
  fake = identityFake();
  server.use(...fake.handlers);
  localStorage.setItem('StartResto', '2');
});
afterEach(() => vi.restoreAllMocks());
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

/**
 * Node's fetch cannot serialize a multipart body holding a jsdom File (realm mismatch), so the
 * create call is answered here from the fake's data; the real upload is covered by e2e/accounts.
 */
function answerCreate() {
  const post = api.POST.bind(api);
  const sent: FormData[] = [];
  vi.spyOn(api, 'POST').mockImplementation((async (path: string, init: { body: unknown }) => {
    if (path !== '/api/restaurant-atributes/') return post(path as never, init as never);
    const form = init.body as FormData;
    sent.push(form);
    const name = String(form.get('nombre_local'));
    if (fake.db.restaurants.some((r) => r.nombre_local === name)) {
      const error = { nombre_local: ['Ya tiene un local con este nombre: el nombre debe ser único para el propietario.'] };
      return { error, response: new Response(JSON.stringify(error), { status: 400 }) };
    }
    const created = restaurant(10, { nombre_local: name, telefono: String(form.get('telefono')), direccion: String(form.get('direccion')) });
    fake.db.restaurants.push(created);
    return { data: created, response: new Response(null, { status: 201 }) };
  }) as never);
  return sent;
}
/** Render `path` as the owner with restaurant `id` selected (renderApp starts from a fresh login). */
function renderWithRestaurant(path: string, id: number, name: string) {
  const utils = renderApp(path, { as: 'owner' });
  act(() => selectedRestaurantStore.select({ id_resto: id, nombre_local: name }));
  return utils;
}

describe('/restaurante: the owner’s restaurants', () => {
  it('shows cards with logo, name and address; a restaurant missing data is marked incomplete', async () => {
    renderApp('/restaurante', { as: 'owner' });
    expect(await screen.findAllByTestId('restaurant-card')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Logo de Resto Uno' })).toHaveAttribute('src', '/media/identity/logos/1.png');
    expect(screen.getByText('Av. Corrientes 1234, CABA', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getAllByTestId('profile-incomplete')).toHaveLength(1);
    expect(fake.last('GET', /restaurant-atributes\/$/)?.query.get('size')).toBe('9');
  });

  it('opening a restaurant makes it the selected one and goes to its profile', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/restaurante', { as: 'owner' });
    const card = (await screen.findAllByTestId('restaurant-card'))[1];
    await user.click(within(card).getByRole('button', { name: 'Abrir', exact: true } as never));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editar-restaurante'));
    expect(localStorage.getItem('getpk')).toBe('2');
    expect(localStorage.getItem('nameResto')).toBe('Resto Dos');
    expect(await screen.findByTestId('complete-profile-warning')).toBeInTheDocument();
  });

  it('the page size can be 9, 18 or 36', async () => {
    const user = userEvent.setup();
    renderApp('/restaurante', { as: 'owner' });
    const size = await screen.findByRole('combobox', { name: 'Filas por página' });
    expect([...(size as HTMLSelectElement).options].map((o) => o.value)).toEqual(['9', '18', '36']);
    await user.selectOptions(size, '18');
    await waitFor(() => expect(fake.last('GET', /restaurant-atributes\/$/)?.query.get('size')).toBe('18'));
  });

  it('creates a restaurant with a logo on the “new” tab (multipart); the logo is required', async () => {
    const sent = answerCreate();
    const user = userEvent.setup();
    renderApp('/restaurante', { as: 'owner' });
    await user.click(await screen.findByRole('tab', { name: 'Nuevo' }));
    const form = await screen.findByRole('form', { name: 'Nuevo restaurante' });
    await user.type(within(form).getByLabelText(/Nombre del local/), 'La Tercera');
    await user.type(within(form).getByLabelText(/Teléfono/), '11-4567-8900');
    expect(within(form).getByLabelText(/Teléfono/)).toHaveValue('1145678900');
    await user.type(within(form).getByLabelText(/Dirección/), 'Av. Rivadavia 5000');
    await user.click(within(form).getByRole('button', { name: 'Crear restaurante' }));
    expect(await within(form).findByText('El logo es obligatorio')).toBeInTheDocument();
    await user.upload(form.querySelector('input[type="file"]') as HTMLInputElement, png());
    await user.click(within(form).getByRole('button', { name: 'Crear restaurante' }));
    expect(await screen.findByText('Restaurante creado.')).toBeInTheDocument();
    const body = Object.fromEntries(sent[0].entries());
    expect(body).toMatchObject({ nombre_local: 'La Tercera', telefono: '1145678900', direccion: 'Av. Rivadavia 5000' });
    expect(body.logo).toHaveProperty('name', 'logo.png');
    expect(await screen.findAllByTestId('restaurant-card')).toHaveLength(3);
  });

  it('a duplicate name shows the local-name registration error', async () => {
    answerCreate();
    const user = userEvent.setup();
    renderApp('/restaurante', { as: 'owner' });
    await user.click(await screen.findByRole('tab', { name: 'Nuevo' }));
    const form = await screen.findByRole('form', { name: 'Nuevo restaurante' });
    await user.type(within(form).getByLabelText(/Nombre del local/), 'Resto Uno');
    await user.type(within(form).getByLabelText(/Teléfono/), '1145678900');
    await user.type(within(form).getByLabelText(/Dirección/), 'Av. Rivadavia 5000');
    await user.upload(form.querySelector('input[type="file"]') as HTMLInputElement, png());
    await user.click(within(form).getByRole('button', { name: 'Crear restaurante' }));
    expect(await screen.findByText('Error en el nombre del local')).toBeInTheDocument();
    expect(screen.getByText(/el nombre debe ser único para el propietario/)).toBeInTheDocument();
  });

  it('deleting asks for confirmation first', async () => {
    const user = userEvent.setup();
    renderApp('/restaurante', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Resto Dos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar restaurante' });
    expect(fake.last('DELETE', /restaurant-atributes/)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Restaurante eliminado.')).toBeInTheDocument();
    expect(fake.last('DELETE', /restaurant-atributes\/2\/$/)).toBeDefined();
    await waitFor(() => expect(screen.getAllByTestId('restaurant-card')).toHaveLength(1));
  });

  it('the edit dialog sends only what changed', async () => {
    const user = userEvent.setup();
    renderApp('/restaurante', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Editar Resto Uno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar restaurante' });
    const phone = within(dialog).getByLabelText(/Teléfono/);
    await user.clear(phone);
    await user.type(phone, '1199998888');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Restaurante actualizado.')).toBeInTheDocument();
    expect(fake.last('PUT', /restaurant-atributes\/1\/$/)?.body).toEqual({ telefono: '1199998888' });
  });
});

describe('/editar-restaurante: the restaurant profile', () => {
  it('read view first; the pencil gives edit mode; client rules run before the server', async () => {
    const user = userEvent.setup();
    renderWithRestaurant('/editar-restaurante', 1, 'Resto Uno');
    const form = await screen.findByRole('form', { name: 'Perfil del restaurante' });
    expect(within(form).getByLabelText(/Nombre del local/)).toHaveAttribute('readonly');
    await user.click(screen.getByTestId('profile-edit-toggle'));
    expect(within(form).getByLabelText(/Nombre del local/)).not.toHaveAttribute('readonly');
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('readonly');
    await user.type(within(form).getByLabelText('Facebook'), 'https://example.com/x');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('facebook url invalido')).toBeInTheDocument();
    expect(fake.last('PUT', /restaurant-atributes/)).toBeUndefined();
  });

  it('saving sends the changed fields: owner names as fk_user.*, flags as true/false, social links', async () => {
    const user = userEvent.setup();
    renderWithRestaurant('/editar-restaurante', 2, 'Resto Dos');
    expect(await screen.findByTestId('complete-profile-warning')).toBeInTheDocument();
    await user.click(screen.getByTestId('profile-edit-toggle'));
    const form = screen.getByRole('form', { name: 'Perfil del restaurante' });
    await user.type(within(form).getByLabelText(/Dirección/), 'Av. Santa Fe 3200, CABA');
    const first = within(form).getByLabelText(/^Nombre(?! del)/);
    await user.clear(first);
    await user.type(first, 'Ana');
    await user.click(within(form).getByRole('switch', { name: 'Pausar pedidos' }));
    await user.type(within(form).getByLabelText('Instagram'), 'resto.dos');
    await user.type(within(form).getByLabelText('WhatsApp'), '+54 9 11 4567');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Restaurante actualizado.')).toBeInTheDocument();
    expect(fake.last('PUT', /restaurant-atributes\/2\/$/)?.body).toEqual({
      direccion: 'Av. Santa Fe 3200, CABA',
      'fk_user.first_name': 'Ana',
      stop_orders: 'true',
      instagram: 'resto.dos',
      whatsapp: '549114567',
    });
    await waitFor(() => expect(screen.queryByTestId('complete-profile-warning')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'https://www.instagram.com/resto.dos/' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/Nombre del local/)).toHaveAttribute('readonly');
  });

  it('a server field error is shown as a notification under the editing title', async () => {
    const user = userEvent.setup();
    renderWithRestaurant('/editar-restaurante', 1, 'Resto Uno');
    await user.click(await screen.findByTestId('profile-edit-toggle'));
    // allowed by the client rules (www.facebook.com), refused by this fake server
    await user.type(screen.getByLabelText('Facebook'), 'https://www.facebook.com/uno');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al editar el restaurante')).toBeInTheDocument();
    expect(screen.getByText(/Facebook: URL de Facebook inválida/)).toBeInTheDocument();
  });

  it('cancel with changes asks to discard them; leaving for another tab asks too', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRestaurant('/editar-restaurante', 1, 'Resto Uno');
    await user.click(await screen.findByTestId('profile-edit-toggle'));
    await user.type(screen.getByLabelText(/Nombre del local/), ' Bis');
    await router.navigate('/menu');
    expect(await screen.findByRole('dialog', { name: '¿Descartar cambios?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(router.state.location.pathname).toBe('/editar-restaurante');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Descartar cambios?' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.getByLabelText(/Nombre del local/)).toHaveValue('Resto Uno'));
    expect(screen.getByLabelText(/Nombre del local/)).toHaveAttribute('readonly');
  });

  it('an owner with several restaurants and none selected is asked to pick one', async () => {
    renderApp('/editar-restaurante', { as: 'owner' });
    expect(await screen.findByTestId('choose-restaurant')).toBeInTheDocument();
  });

  it('the change-password dialog checks the rules, then ends the session', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRestaurant('/editar-restaurante', 1, 'Resto Uno');
    await user.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await user.type(within(dialog).getByLabelText('Contraseña actual'), 'correct-horse');
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'Otra-Clave-2026');
    await user.type(within(dialog).getByLabelText('Repetir nueva contraseña'), 'Otra-Clave-2027');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Repetir nueva contraseña'));
    await user.type(within(dialog).getByLabelText('Repetir nueva contraseña'), 'Otra-Clave-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('/Crear-horario: the schedule', () => {
  it('stores the 12-hour choice as 24-hour times; one without the other is refused', async () => {
    const user = userEvent.setup();
    renderWithRestaurant('/Crear-horario', 1, 'Resto Uno');
    await user.selectOptions(await screen.findByLabelText('Apertura: hora'), '8');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Indicá la hora de apertura y la de cierre, o borrá ambas.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Cierre: hora'), '11');
    await user.selectOptions(screen.getByLabelText('Cierre: minutos'), '30');
    await user.selectOptions(screen.getByLabelText('Cierre: AM/PM'), 'PM');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Horario guardado.')).toBeInTheDocument();
    expect(fake.last('PUT', /horario/)?.body).toEqual({ horario_apertura: '08:00', horario_cierre: '23:30' });
    await user.click(screen.getByRole('button', { name: 'Borrar horario' }));
    expect(await screen.findByText('Horario borrado.')).toBeInTheDocument();
    expect(fake.last('PUT', /horario/)?.body).toEqual({ horario_apertura: null, horario_cierre: null });
  });
});
