import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { catalogServer } from '../testing/catalog-handlers';

describe('create dish (/dish)', () => {
  it('the only menu opens the dish form; a created dish leads to the dish list of that menu', async () => {
    const fake = catalogServer();
    server.use(...fake.handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/dish', { as: 'owner' });
    const form = await screen.findByRole('form', { name: 'Nuevo plato' });
    await user.type(within(form).getByLabelText('Nombre'), 'Flan');
    await user.type(within(form).getByLabelText('Precio'), '2500');
    const combobox = within(form).getByRole('combobox', { name: 'Categoría' });
    await user.click(combobox);
    // the dialog's own dropdown (a portal): the one its combobox controls
    const listbox = await waitFor(() => document.getElementById(combobox.getAttribute('aria-controls') ?? '')!);
    await user.click(within(listbox).getByText('Entradas'));
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Plato creado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/lista-de-platos'));
    expect(router.state.location.search).toBe('?menu=1');
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Flan', price: '2500.00', menu_group: '10' });
  });

  it('cancel stays on the page; the back arrow goes to /menu', async () => {
    const fake = catalogServer();
    server.use(...fake.handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/dish', { as: 'owner' });
    const form = await screen.findByRole('form', { name: 'Nuevo plato' });
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nuevo plato' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dish');
    await user.click(screen.getByRole('link', { name: 'Volver al menú' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
