import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { withMoneyFakes } from '@/testing/billing-fake';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';

const fakes = withMoneyFakes();

const feePuts = () => fakes.billing.all('PUT', /comision-resto/);

async function editFee(name: string, typed: string, confirm: 'Enter' | 'click' = 'click') {
  const user = userEvent.setup();
  const row = (await screen.findAllByTestId('admin-restaurant-row')).find((r) => r.textContent?.includes(name))!;
  // a refused fee leaves its field open
  const edit = within(row).queryByRole('button', { name: `Editar la comisión de ${name}` });
  if (edit) await user.click(edit);
  const input = within(row).getByRole('textbox', { name: `Comisión de ${name} (%)` });
  await user.clear(input);
  if (typed) await user.type(input, typed);
  if (confirm === 'Enter') await user.keyboard('{Enter}');
  else await user.click(within(row).getByRole('button', { name: 'Guardar' }));
  return { user, row, input };
}

describe('/restaurantList: the application fee edited inline', () => {
  it('a fee past 100 is refused in the browser (a notification, nothing sent); a valid one is saved and shown', async () => {
    renderApp('/restaurantList', { as: 'admin' });
    const { user, row, input } = await editFee('Resto Uno', '150', 'Enter');
    expect(await screen.findByText('La comisión debe estar entre 0 y 100.')).toBeInTheDocument();
    expect(screen.getByText('No se pudo guardar la comisión')).toBeInTheDocument();
    expect(feePuts()).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '1,25');
    await user.click(within(row).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Comisión actualizada')).toBeInTheDocument();
    expect(feePuts().map((c) => [c.path, c.body])).toEqual([['/api/comision-resto/1/', { application_fee: '1.25' }]]);
    // identity still says 0.50 (billing's event has not reached it): the row shows what billing saved
    expect(within(row).getByTestId('application-fee')).toHaveTextContent('1,25 %');
    expect(fakes.identity.db.restaurants[0].application_fee).toBe('0.50');
  });

  it('the same rule as billing: required, 0 to 100, two decimals', async () => {
    renderApp('/restaurantList', { as: 'admin' });
    await editFee('Resto Dos', '');
    expect(await screen.findByText('La comisión es obligatoria.')).toBeInTheDocument();
    await editFee('Resto Uno', '0,125');
    expect(await screen.findByText('La comisión admite a lo sumo 2 decimales.')).toBeInTheDocument();
    expect(feePuts()).toHaveLength(0);
    await editFee('Resto Uno', '100');
    await waitFor(() => expect(feePuts().at(-1)?.body).toEqual({ application_fee: '100.00' }));
  });

  it('the server’s refusal is a notification, in its own words', async () => {
    server.use(http.put('*/api/comision-resto/:id/', () => HttpResponse.json({ application_fee: ['Fee refused by the server.'] }, { status: 400 })));
    renderApp('/restaurantList', { as: 'admin', locale: 'en' });
    const user = userEvent.setup();
    const row = (await screen.findAllByTestId('admin-restaurant-row'))[0];
    await user.click(within(row).getByRole('button', { name: 'Edit the fee of Resto Uno' }));
    const input = within(row).getByRole('textbox', { name: 'Fee of Resto Uno (%)' });
    await user.clear(input);
    await user.type(input, '3.5{Enter}');
    expect(await screen.findByText('Fee refused by the server.')).toBeInTheDocument();
    expect(screen.getByText('The fee could not be saved')).toBeInTheDocument();
    // still editing: nothing was saved
    expect(within(row).getByRole('textbox', { name: 'Fee of Resto Uno (%)' })).toBeInTheDocument();
  });
});

const feeQuery = () => Object.fromEntries(fakes.billing.last('GET', /resto-fee/)!.query);
const collects = () => fakes.billing.all('POST', /paga-comision/);

async function openCollect(name = 'Resto Uno', locale: 'es' | 'en' = 'es') {
  const user = userEvent.setup();
  renderApp('/pagos-en-efectivo', { as: 'admin', locale });
  await screen.findAllByTestId('fee-row');
  await user.click(screen.getByRole('button', { name: locale === 'es' ? `Cobrar comisión a ${name}` : `Collect commission from ${name}` }));
  const form = await screen.findByRole('form', { name: locale === 'es' ? `Cobrar comisión: ${name}` : `Collect commission: ${name}` });
  return { user, form };
}

describe('/pagos-en-efectivo: the fee table and the collection', () => {
  it('per restaurant: sales, commission, collected and owed in the period (the last month), 20 a page', async () => {
    renderApp('/pagos-en-efectivo', { as: 'admin' });
    const rows = await screen.findAllByTestId('fee-row');
    expect(rows).toHaveLength(2);
    expect(feeQuery()).toEqual({ page: '1', size: '20', date_start: '2026-02-15', date_end: '2026-03-15' });
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toEqual(['ID', 'Local', 'Usuario', 'Pedidos pagados', 'Comisión', 'Ventas', 'Comisión generada', 'Cobrado', 'Cuenta corriente', 'Acciones']);
    const cells = [...rows[0].querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['1', 'Resto Uno', 'owner1@example.com', '42', '0,50 %', '$\u00a028.050,00', '$\u00a0140,25', '$\u00a00,00', '$\u00a0140,25', 'Cobrar']);
    // nothing owed: nothing to collect
    expect(within(rows[1]).getByRole('button', { name: 'Cobrar comisión a Resto Dos' })).toBeDisabled();
  });

  it('search, sortable columns, page sizes and the period reload it', async () => {
    const user = userEvent.setup();
    renderApp('/pagos-en-efectivo', { as: 'admin' });
    await screen.findAllByTestId('fee-row');
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'dos');
    await waitFor(() => expect(screen.getAllByTestId('fee-row')).toHaveLength(1));
    expect(feeQuery()).toMatchObject({ search: 'dos', page: '1' });
    await user.click(screen.getByRole('button', { name: 'Ordenar por Cuenta corriente' }));
    await waitFor(() => expect(feeQuery()).toMatchObject({ ordering: 'cta_cte_resto' }));
    await user.click(screen.getByRole('button', { name: 'Ordenar por Cuenta corriente' }));
    await waitFor(() => expect(feeQuery()).toMatchObject({ ordering: '-cta_cte_resto' }));
    const size = screen.getByRole('combobox', { name: 'Filas por página' });
    expect([...(size as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['10', '20', '40', 'Todas']);
    await user.selectOptions(size, '-1');
    await waitFor(() => expect(feeQuery()).toMatchObject({ size: '-1' }));
    await user.click(screen.getByRole('button', { name: 'Desde' }));
    // jsdom lays nothing out: Mantine keeps the calendar of a box-less input hidden, though it is there
    await user.click(await screen.findByRole('button', { name: '20 febrero 2026', hidden: true }));
    await waitFor(() => expect(feeQuery()).toMatchObject({ date_start: '2026-02-20', date_end: '2026-03-15', ordering: '-cta_cte_resto', search: 'dos' }));
  });

  it.each([
    ['es', '', 'Ingresá el monto a cobrar.'],
    ['es', '0', 'El monto a cobrar debe ser mayor a 0.'],
    ['es', '140,26', 'El monto a cobrar no puede superar la deuda del restaurante.'],
    ['en', '', 'Enter the amount to collect.'],
    ['en', '0', 'The amount to collect must be greater than 0.'],
    ['en', '500', 'The amount to collect cannot exceed what the restaurant owes.'],
  ] as const)('the collection’s rules (%s) refuse %j: %s', async (locale, typed, message) => {
    const { user, form } = await openCollect('Resto Uno', locale);
    expect(within(form).getByTestId('collect-owed')).toHaveTextContent(locale === 'es' ? 'Deuda actual: $ 140,25' : 'Currently owed: $140.25');
    const credit = within(form).getByRole('textbox', { name: locale === 'es' ? /^Monto a cobrar/ : /^Amount to collect/ });
    if (typed) await user.type(credit, typed);
    await user.click(within(form).getByRole('button', { name: locale === 'es' ? 'Cobrar' : 'Collect' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(collects()).toHaveLength(0);
  });

  it('collects: the amount with an Idempotency-Key, then the remaining debt', async () => {
    const { user, form } = await openCollect();
    await user.type(within(form).getByRole('textbox', { name: /^Monto a cobrar/ }), '40,25');
    await user.click(within(form).getByRole('button', { name: 'Cobrar' }));
    expect(await screen.findByText('Deuda restante: $ 100,00')).toBeInTheDocument();
    expect(screen.getByText('Cobro registrado')).toBeInTheDocument();
    const [call] = collects();
    expect(call.query.get('resto')).toBe('1');
    expect(call.body).toEqual({ credit: '40.25' });
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[\w-]{8,100}$/);
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    // the table is read again: what is owed now
    await waitFor(() => expect(screen.getAllByTestId('fee-row')[0].querySelector('[data-col="cta_cte_resto"]')).toHaveTextContent('$ 100,00'));
  });

  it('a retry after a lost answer sends the same key (recorded once); another amount, another key', async () => {
    const lost: string[] = [];
    server.use(
      http.post('*/api/control-fee/paga-comision/', ({ request }) => {
        lost.push(request.headers.get('Idempotency-Key')!);
        return HttpResponse.error();
      }, { once: true }),
    );
    const { user, form } = await openCollect();
    const credit = within(form).getByRole('textbox', { name: /^Monto a cobrar/ });
    await user.type(credit, '40');
    await user.click(within(form).getByRole('button', { name: 'Cobrar' }));
    expect(await screen.findByText('No se pudo registrar el cobro')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cobrar' }));
    expect(await screen.findByText('Deuda restante: $ 100,25')).toBeInTheDocument();
    expect(collects().map((c) => c.headers.get('Idempotency-Key'))).toEqual([lost[0]]);
    expect(fakes.billing.db.collections.size).toBe(1);
    // the next collection (a new dialog) has a key of its own
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cobrar comisión a Resto Uno' }));
    const again = await screen.findByRole('form', { name: 'Cobrar comisión: Resto Uno' });
    await user.type(within(again).getByRole('textbox', { name: /^Monto a cobrar/ }), '100,25');
    await user.click(within(again).getByRole('button', { name: 'Cobrar' }));
    expect(await screen.findByText('Deuda restante: $ 0,00')).toBeInTheDocument();
    const keys = collects().map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('the server’s refusal shows its detail', async () => {
    server.use(http.post('*/api/control-fee/paga-comision/', () => HttpResponse.json({ detail: 'El monto a cobrar no puede superar la deuda del restaurante ($ 10,00).', code: 'credit_max' }, { status: 400 })));
    const { user, form } = await openCollect();
    await user.type(within(form).getByRole('textbox', { name: /^Monto a cobrar/ }), '40');
    await user.click(within(form).getByRole('button', { name: 'Cobrar' }));
    expect(await screen.findByText('El monto a cobrar no puede superar la deuda del restaurante ($ 10,00).')).toBeInTheDocument();
  });

  it('only the admin opens it', async () => {
    const { router } = renderApp('/pagos-en-efectivo', { as: 'owner' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
