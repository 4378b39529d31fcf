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

  it('/administrador shows the word Administrador', async () => {
    renderApp('/administrador', { as: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Administrador' })).toBeInTheDocument();
  });

  it('an owner cannot open the admin tables', async () => {
    const { router } = renderApp('/dashboard', { as: 'owner' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
