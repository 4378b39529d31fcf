import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { withMoneyFakes } from '@/testing/billing-fake';
import { renderApp } from '@/testing/test-utils';

const fakes = withMoneyFakes();

function renderStatistics(locale: 'es' | 'en' = 'es') {
  const utils = renderApp('/estadisticas', { as: 'owner', locale });
  act(() => selectedRestaurantStore.select({ id_resto: 1, nombre_local: 'Resto Uno' }));
  return utils;
}

const statisticsCalls = () => fakes.billing.all('GET', /resto-statistics/).map((c) => Object.fromEntries(c.query));
const lastQuery = () => statisticsCalls().at(-1);

describe('/estadisticas', () => {
  it('the table: group, dish, quantity and amount, 10 a page, the total of every row, the last month', async () => {
    renderStatistics();
    const rows = await screen.findAllByTestId('statistics-row');
    expect(rows).toHaveLength(10);
    expect(lastQuery()).toEqual({ pk: '1', start_date: '2026-02-15', end_date: '2026-03-15', page: '1', size: '10' });
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toEqual(['Categoría', 'Plato', 'Cantidad', 'Importe']);
    expect([...rows[0].querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Platos principales', 'Plato 1', '100', '$\u00a0150.000,00']);
    // 23 dishes: 1,500 each, 100 down to 78 sold
    expect(screen.getByTestId('statistics-total')).toHaveTextContent(/Total vendido\$\s3\.070\.500,00/);
    expect(screen.getByTestId('table-count')).toHaveTextContent('23 resultados');
  });

  it('changing the method, the dates, the page or the page size reloads', async () => {
    const user = userEvent.setup();
    renderStatistics();
    await screen.findAllByTestId('statistics-row');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', size: '10' }));
    expect(await screen.findAllByTestId('statistics-row')).toHaveLength(10);
    const before = statisticsCalls().length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Medio de pago' }), 'Efectivo');
    // another filter starts again from the first page, in one request
    await waitFor(() => expect(lastQuery()).toEqual({ pk: '1', payment_type: 'Efectivo', start_date: '2026-02-15', end_date: '2026-03-15', page: '1', size: '10' }));
    expect(statisticsCalls().slice(before)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Hasta' }));
    // jsdom lays nothing out: Mantine keeps the calendar of a box-less input hidden, though it is there
    await user.click(await screen.findByRole('button', { name: '10 marzo 2026', hidden: true }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ payment_type: 'Efectivo', start_date: '2026-02-15', end_date: '2026-03-10' }));
    const size = screen.getByRole('combobox', { name: 'Filas por página' });
    await user.selectOptions(size, '20');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', size: '20' }));
    await user.selectOptions(size, '-1');
    await waitFor(() => expect(screen.getAllByTestId('statistics-row')).toHaveLength(23));
    expect(lastQuery()).toMatchObject({ size: '-1' });
  });

  it('the chart: quantity per dish, 800 x 350, drawn from every row of the same filter', async () => {
    const user = userEvent.setup();
    renderStatistics();
    await screen.findAllByTestId('statistics-row');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Medio de pago' }), 'Credito');
    await user.click(screen.getByRole('tab', { name: 'Gráfico' }));
    const chart = await screen.findByRole('img', { name: 'Gráfico de barras: cantidad vendida por plato' });
    expect(chart).toHaveAttribute('width', '800');
    expect(chart).toHaveAttribute('height', '350');
    // paging off: every row at once, not the table's page
    expect(lastQuery()).toEqual({ pk: '1', payment_type: 'Credito', start_date: '2026-02-15', end_date: '2026-03-15', paginate: 'false' });
    await waitFor(() => expect(within(chart).getAllByTestId(/^bar\.item\./)).toHaveLength(23));
    expect(within(chart).getByText('Plato 23')).toBeInTheDocument();
    expect(screen.getByTestId('statistics-total')).toHaveTextContent(/\$\s3\.070\.500,00/);
  });

  it('nothing sold in the period: the table and the chart say so', async () => {
    const user = userEvent.setup();
    fakes.billing.db.statistics = [];
    renderStatistics('en');
    expect(await screen.findByTestId('no-sales')).toHaveTextContent('There are no sales in the selected period.');
    expect(screen.getByTestId('statistics-total')).toHaveTextContent('Total sold$0.00');
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ paginate: 'false' }));
    expect(await screen.findByTestId('no-sales')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('in English: dollars', async () => {
    renderStatistics('en');
    const rows = await screen.findAllByTestId('statistics-row');
    expect(rows[0]).toHaveTextContent('$150,000.00');
    expect(screen.getByTestId('statistics-total')).toHaveTextContent('Total sold$3,070,500.00');
  });

  it('an operator cannot open the statistics', async () => {
    const { router } = renderApp('/estadisticas', { as: 'operator' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
