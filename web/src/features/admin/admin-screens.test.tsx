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

describe('admin screens', () => {
  it('/user-list: username, names, e-mail and phone, 20 per page, searchable', async () => {
    const user = userEvent.setup();
    renderApp('/user-list', { as: 'admin' });
    expect(await screen.findAllByTestId('account-row')).toHaveLength(2);
    expect(fake.last('GET', /cliente\/$/)?.query.get('size')).toBe('20');
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toEqual(['Usuario', 'Nombre', 'Apellido', 'E-mail', 'Teléfono']);
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'owner@');
    await waitFor(() => expect(screen.getAllByTestId('account-row')).toHaveLength(1));
    expect(fake.last('GET', /cliente\/$/)?.query.get('search')).toBe('owner@');
  });

  it('/dashboard: sortable columns send the ordering; sizes 10, 20, 40 or all', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { as: 'admin' });
    const rows = await screen.findAllByTestId('dashboard-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('05/03/2026', { exact: false })).toBeInTheDocument();
    expect(within(rows[0]).getByText('carla')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ordenar por Pedidos totales' }));
    await waitFor(() => expect(fake.last('GET', /dashboard/)?.query.get('ordering')).toBe('num_orders'));
    await user.click(screen.getByRole('button', { name: 'Ordenar por Pedidos totales' }));
    await waitFor(() => expect(fake.last('GET', /dashboard/)?.query.get('ordering')).toBe('-num_orders'));
    const size = screen.getByRole('combobox', { name: 'Filas por página' });
    expect([...(size as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['10', '20', '40', 'Todas']);
    await user.selectOptions(size, '-1');
    await waitFor(() => expect(fake.last('GET', /dashboard/)?.query.get('size')).toBe('-1'));
  });

  it('/restaurantList: every restaurant with its fee (edited inline: fee-screens.test.tsx)', async () => {
    renderApp('/restaurantList', { as: 'admin', locale: 'en' });
    expect(await screen.findAllByTestId('admin-restaurant-row')).toHaveLength(2);
    expect(screen.getAllByTestId('application-fee')[0]).toHaveTextContent('0.50 %');
    expect(screen.queryByRole('textbox', { name: /^Fee of/ })).not.toBeInTheDocument();
  });

  it("/restaurantList: the owner's username and sign-up date, card, average stay, social links and website (spec part 2 §3)", async () => {
    const user = userEvent.setup();
    Object.assign(fake.db.restaurants[0], {
      nro_tarjeta: '4242',
      avg_permanence: '45.50',
      facebook: 'https://facebook.com/restouno',
      instagram: 'https://www.instagram.com/restouno/',
      whatsapp: 'https://wa.me/5491145678900',
      website: 'https://restouno.com.ar/',
    });
    fake.db.restaurants[0].fk_user = { ...fake.db.restaurants[0].fk_user!, username: 'uno@example.com', date_joined: '2026-01-02T10:00:00Z' };
    const { unmount } = renderApp('/restaurantList', { as: 'admin' });
    const [one, two] = await screen.findAllByTestId('admin-restaurant-row');
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const column of ['Usuario', 'Fecha de registro', 'Tarjeta', 'Permanencia promedio (min)', 'Redes', 'Sitio web']) expect(header).toContain(column);
    expect(within(one).getByTestId('owner-username')).toHaveTextContent('uno@example.com');
    expect(within(one).getByTestId('date-joined')).toHaveTextContent('02/01/2026');
    expect(within(one).getByTestId('card-number')).toHaveTextContent('•••• 4242');
    expect(within(one).getByTestId('avg-permanence')).toHaveTextContent('45,5');
    expect(within(one).getByRole('link', { name: 'Facebook de Resto Uno' })).toHaveAttribute('href', 'https://facebook.com/restouno');
    expect(within(one).getByRole('link', { name: 'Instagram de Resto Uno' })).toHaveAttribute('href', 'https://www.instagram.com/restouno/');
    expect(within(one).getByRole('link', { name: 'WhatsApp de Resto Uno' })).toHaveAttribute('href', 'https://wa.me/5491145678900');
    expect(within(one).getByRole('link', { name: 'restouno.com.ar' })).toHaveAttribute('href', 'https://restouno.com.ar/');
    // a restaurant without them says so
    for (const id of ['card-number', 'avg-permanence', 'social-links', 'website']) expect(within(two).getByTestId(id)).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Ordenar por Fecha de registro' }));
    await waitFor(() => expect(fake.last('GET', /admin\/restaurantes/)?.query.get('ordering')).toBe('date_joined'));
    await user.click(screen.getByRole('button', { name: 'Ordenar por Usuario' }));
    await waitFor(() => expect(fake.last('GET', /admin\/restaurantes/)?.query.get('ordering')).toBe('username'));
    unmount();

    renderApp('/restaurantList', { as: 'admin', locale: 'en' });
    const [first] = await screen.findAllByTestId('admin-restaurant-row');
    const english = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const column of ['Username', 'Registration date', 'Card', 'Average stay (min)', 'Social', 'Website']) expect(english).toContain(column);
    expect(within(first).getByTestId('date-joined')).toHaveTextContent('01/02/2026');
    expect(within(first).getByTestId('avg-permanence')).toHaveTextContent('45.5');
    expect(within(first).getByRole('link', { name: 'Resto Uno on Instagram' })).toBeInTheDocument();
  });

  it('/administrador shows the word Administrador', async () => {
    renderApp('/administrador', { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Administrador' })).toBeInTheDocument();
  });

  it('an owner cannot open the admin tables', async () => {
    const { router } = renderApp('/dashboard', { as: 'owner' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
