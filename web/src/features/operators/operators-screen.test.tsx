import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { PASSWORD } from '@/testing/handlers';
import { identityFake } from '@/testing/identity-fake';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';

let fake: ReturnType<typeof identityFake>;
beforeEach(() => {
  fake = identityFake();
  server.use(...fake.handlers);
  localStorage.setItem('StartResto', '2');
});

function renderOperators() {
  const utils = renderApp('/operador-restaurante', { as: 'owner' });
  act(() => selectedRestaurantStore.select({ id_resto: 1, nombre_local: 'Resto Uno' }));
  return utils;
}

async function fillAdd(values: { first: string; email: string; password: string; password2?: string }) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Agregar operador' }));
  const form = await screen.findByRole('form', { name: 'Agregar operador' });
  await user.type(within(form).getByLabelText(/^Nombre/), values.first);
  await user.type(within(form).getByLabelText(/^E-mail/), values.email);
  await user.type(within(form).getByLabelText(/^Contraseña/), values.password);
  await user.type(within(form).getByLabelText(/^Repetir contraseña/), values.password2 ?? values.password);
  await user.click(within(form).getByRole('button', { name: 'Crear operador' }));
  return { user, form };
}

describe('/operador-restaurante: operators of the selected restaurant', () => {
  it('lists the restaurant’s operators, 10 per page', async () => {
    for (let i = 0; i < 12; i++) {
      fake.db.operators.push({ id: 100 + i, fk_resto: 1, fk_user: { id: 200 + i, username: `op${i}@x.com`, email: `op${i}@x.com`, first_name: `Op${i}`, last_name: '' } });
    }
    renderOperators();
    expect(await screen.findAllByTestId('operator-row')).toHaveLength(10);
    expect(fake.last('GET', /registrar-operador\/$/)?.query.get('resto')).toBe('1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getAllByTestId('operator-row')).toHaveLength(2));
  });

  it('adds an operator: rules first (first letter, no spaces), then the call', async () => {
    renderOperators();
    const { user, form } = await fillAdd({ first: '9Oscar', email: 'oscar@example.com', password: 'con espacios' });
    expect(await within(form).findByText('El nombre debe comenzar con una letra')).toBeInTheDocument();
    expect(within(form).getByText('La contraseña no puede contener espacios')).toBeInTheDocument();
    // each also as a notification (spec part 1 §8)
    expect(await screen.findAllByText('Error al registrar el operador')).toHaveLength(2);
    const first = within(form).getByLabelText(/^Nombre/);
    await user.clear(first);
    await user.type(first, 'Oscar');
    for (const label of [/^Contraseña/, /^Repetir contraseña/]) {
      await user.clear(within(form).getByLabelText(label));
      await user.type(within(form).getByLabelText(label), 'Sabores-2026');
    }
    await user.click(within(form).getByRole('button', { name: 'Crear operador' }));
    expect(await screen.findByText('Operador creado.')).toBeInTheDocument();
    expect(fake.last('POST', /registrar-operador/)?.body).toEqual({
      fk_resto: 1,
      fk_user: { first_name: 'Oscar', last_name: '', email: 'oscar@example.com', password: 'Sabores-2026', password2: 'Sabores-2026' },
    });
    expect(await screen.findByTestId('operator-row')).toHaveTextContent('oscar@example.com');
  });

  it('a duplicate e-mail shows the registration e-mail message under the operator title', async () => {
    renderOperators();
    await fillAdd({ first: 'Oscar', email: 'taken@example.com', password: 'Sabores-2026' });
    expect(await screen.findByText('Error al registrar el operador')).toBeInTheDocument();
    expect(screen.getByText('Ya existe un usuario con este e-mail.')).toBeInTheDocument();
  });

  it('the info dialog changes names and, when typed, the password; delete asks first', async () => {
    fake.db.operators.push({ id: 7, fk_resto: 1, fk_user: { id: 70, username: 'ana@x.com', email: 'ana@x.com', first_name: 'Ana', last_name: 'Paz' } });
    const user = userEvent.setup();
    renderOperators();
    await user.click(await screen.findByRole('button', { name: 'Ver ana@x.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Operador' });
    expect(await within(dialog).findByTestId('operator-email')).toHaveTextContent('ana@x.com');
    await user.type(within(dialog).getByLabelText(/^Apellido/), 'z');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Operador actualizado.')).toBeInTheDocument();
    expect(fake.last('PUT', /registrar-operador\/7\//)?.body).toEqual({ fk_user: { first_name: 'Ana', last_name: 'Pazz' } });

    await user.click(screen.getByRole('button', { name: 'Eliminar ana@x.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar operador' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Operador eliminado.')).toBeInTheDocument();
    expect(fake.last('DELETE', /registrar-operador\/7\//)).toBeDefined();
  });

  it('operators may not open the operators screen', async () => {
    const { router } = renderApp('/operador-restaurante', { as: 'operator' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});

describe('operator login', () => {
  it('loads the operator’s restaurant, selects it and lands on /ordenes', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByTestId('open-login'));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('Usuario o e-mail'), 'op@example.com');
    await user.type(within(dialog).getByLabelText('Contraseña'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ordenes'));
    expect(localStorage.getItem('getpk')).toBe('1');
    expect(localStorage.getItem('nameResto')).toBe('Resto Uno');
    expect(localStorage.getItem('receive_noti')).toBe('si');
    expect(localStorage.getItem('mute_sound')).toBe('false');
  });
});
