import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { identityFake } from '@/testing/identity-fake';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import type { Delivery } from './api/keys';

type Line = Delivery['ordenes'][number];
const line = (over: Partial<Line>): Line => ({
  id: 10, order: 5, fk_sit: null, sit_name: '', fk_dish: 100, dish_name: 'Empanada', price: '1500.00', quantity: 2, status: '1',
  extra_commentary: 'sin comino', diner_name: '', fk_delivery: 1, fk_resto: 1, fk_user_client: null, creation_date: '2026-11-22T20:00:00Z',
  version: 1, cash: false, total_paid_amount: '0.00', ...over,
});
const delivery = (over: Partial<Delivery>): Delivery => ({
  id: 1, fk_resto: 1, fk_menu: 1, type_delivery: 2, contact_info: { name: 'Ana Pérez', phone: '' }, address: '', fk_delivery: '123456',
  status: '1', total_amount: '0.00', order_total: '5000.00', cash_amount: '6000.00', creation_date: '2026-11-22T20:00:00Z',
  ordenes: [line({})],
  ...over,
});

let queries: URLSearchParams[] = [];
beforeEach(() => {
  queries = [];
  server.use(...identityFake().handlers);
  localStorage.setItem('StartResto', '2');
});

function renderDelivery(rows: Delivery[], as: 'owner' | 'operator' = 'owner') {
  server.use(
    http.get('*/api/delivery/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      if (request.headers.get('Authorization') !== `Token tok-${as}`) return HttpResponse.json({ detail: 'no' }, { status: 401 });
      const status = q.get('status_delivery');
      const results = rows.filter((r) => !status || r.status === status);
      return HttpResponse.json({ count: results.length, results });
    }),
  );
  const utils = renderApp('/delivery', { as });
  act(() => selectedRestaurantStore.select({ id_resto: 1, nombre_local: 'Resto Uno' }));
  return utils;
}

describe('/delivery: the delivery and takeaway orders of the selected restaurant', () => {
  it('lists the orders with their number, contact, lines, total, cash and status', async () => {
    renderDelivery([delivery({}), delivery({ id: 2, fk_delivery: '654321', type_delivery: 1, address: 'Av. Siempre Viva 742', status: '2', contact_info: { name: 'Beto', phone: '1122334455' } })]);
    const row = await screen.findByTestId('delivery-123456');
    expect(within(row).getByText('#123456')).toBeVisible();
    expect(within(row).getByText('Take away')).toBeVisible();
    expect(within(row).getByText('Ana Pérez')).toBeVisible();
    expect(within(row).getByText('2 x Empanada (sin comino)')).toBeVisible();
    expect(within(row).getByText(/5\.000,00/)).toBeVisible();
    expect(within(row).getByTestId('delivery-status')).toHaveTextContent('Nuevo');
    const other = screen.getByTestId('delivery-654321');
    expect(within(other).getByText('Delivery')).toBeVisible();
    expect(within(other).getByText('Av. Siempre Viva 742')).toBeVisible();
    expect(queries[0].get('fk_resto')).toBe('1');
    expect(queries[0].get('size')).toBe('10');
    expect(queries[0].has('status_delivery')).toBe(false);
  });

  it('filters by status', async () => {
    renderDelivery([delivery({}), delivery({ id: 2, fk_delivery: '654321', status: '2' })], 'operator');
    await screen.findByTestId('delivery-654321');
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Aceptado');
    expect(await screen.findByTestId('delivery-654321')).toBeVisible();
    expect(screen.queryByTestId('delivery-123456')).toBeNull();
    expect(queries.at(-1)?.get('status_delivery')).toBe('2');
  });

  it('says so when there are none', async () => {
    renderDelivery([]);
    expect(await screen.findByTestId('delivery-empty')).toHaveTextContent('No hay pedidos de delivery o take away.');
  });
});
