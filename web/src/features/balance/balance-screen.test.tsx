import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { withMoneyFakes } from '@/testing/billing-fake';
import { renderApp } from '@/testing/test-utils';

const fakes = withMoneyFakes();

function renderBalance(as: 'owner' | 'operator', locale: 'es' | 'en' = 'es') {
  const utils = renderApp('/restaurante/mercadopago-balance', { as, locale });
  act(() => selectedRestaurantStore.select({ id_resto: 1, nombre_local: 'Resto Uno' }));
  return utils;
}

const balanceBody = () => fakes.billing.last('POST', /resto-balance/)?.body;
const figure = (name: string) => screen.getByTestId(`figure-${name}`);

describe('/restaurante/mercadopago-balance', () => {
  it('the owner: the provider’s four places wait for the link; the period’s four figures, every method, the last month', async () => {
    renderBalance('owner');
    expect(await screen.findByTestId('balance-figures')).toBeInTheDocument();
    expect(balanceBody()).toEqual({ fk_resto: 1, start_date: '2026-02-15', end_date: '2026-03-15' });
    const provider = screen.getByTestId('provider-cards');
    for (const label of ['Disponible', 'A liquidar', 'En revisión', 'Total']) expect(within(provider).getByText(label)).toBeInTheDocument();
    expect(within(provider).getAllByText('—')).toHaveLength(4);
    expect(await screen.findByTestId('provider-not-linked')).toHaveTextContent('Mercado Pago todavía no está vinculado');
    expect(figure('importe_total')).toHaveTextContent(/Costo total\$\s12\.500,00/);
    expect(figure('importe_resto')).toHaveTextContent(/Monto a pagar\$\s62,50/);
    expect(figure('ingreso_restaurante')).toHaveTextContent(/Ingreso del restaurante\$\s12\.437,50/);
    expect(figure('cta_cte_resto')).toHaveTextContent(/Cuenta corriente\$\s140,25/);
  });

  it('a linked restaurant: the provider’s four figures from its MercadoPago account (pending review unknown: a dash)', async () => {
    fakes.billing.db.provider = { available_balance: '15300.50', unavailable_balance: '2100.00', pending_to_review: null, total_amount: '17400.50', currency_id: 'ARS' };
    renderBalance('owner');
    await waitFor(() => expect(screen.getByTestId('provider-available_balance')).toHaveTextContent(/Disponible\$\s15\.300,50/));
    expect(fakes.billing.last('GET', /obtener-balance\/1\/$/)).toBeDefined();
    expect(screen.getByTestId('provider-unavailable_balance')).toHaveTextContent(/A liquidar\$\s2\.100,00/);
    expect(screen.getByTestId('provider-pending_to_review')).toHaveTextContent('En revisión—');
    expect(screen.getByTestId('provider-total_amount')).toHaveTextContent(/Total\$\s17\.400,50/);
    expect(screen.queryByTestId('provider-not-linked')).not.toBeInTheDocument();
  });

  it('the provider not answering: dashes and a note that says so, the period’s figures all the same', async () => {
    fakes.billing.db.provider = 'down';
    renderBalance('owner', 'en');
    expect(await screen.findByTestId('provider-unreachable', {}, { timeout: 8000 })).toHaveTextContent('Mercado Pago did not answer');
    expect(within(screen.getByTestId('provider-cards')).getAllByText('—')).toHaveLength(4);
    expect(screen.queryByTestId('provider-not-linked')).not.toBeInTheDocument();
    expect(figure('importe_total')).toHaveTextContent('Total cost$12,500.00');
  });

  it('sends the payment method and the dates chosen, and reloads on each change', async () => {
    const user = userEvent.setup();
    renderBalance('owner');
    await screen.findByTestId('balance-figures');
    const method = screen.getByRole('combobox', { name: 'Medio de pago' });
    expect([...(method as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Todos', 'Efectivo', 'Débito', 'Crédito', 'Mercado Pago']);
    await user.selectOptions(method, 'Debito');
    await waitFor(() => expect(balanceBody()).toEqual({ fk_resto: 1, payment_type: 'Debito', start_date: '2026-02-15', end_date: '2026-03-15' }));
    await user.selectOptions(method, 'MercadoPago');
    await waitFor(() => expect(balanceBody()).toMatchObject({ payment_type: 'MercadoPago' }));
    await user.click(screen.getByRole('button', { name: 'Desde' }));
    // jsdom lays nothing out: Mantine keeps the calendar of a box-less input hidden, though it is there
    await user.click(await screen.findByRole('button', { name: '20 febrero 2026', hidden: true }));
    await waitFor(() => expect(balanceBody()).toEqual({ fk_resto: 1, payment_type: 'MercadoPago', start_date: '2026-02-20', end_date: '2026-03-15' }));
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveTextContent('20/02/2026');
  });

  it('an operator sees what was charged in cash in their range (today, their shift), never the current account nor the provider', async () => {
    renderBalance('operator');
    expect(await screen.findByTestId('balance-figures')).toBeInTheDocument();
    expect(balanceBody()).toEqual({ fk_resto: 1, payment_type: 'Efectivo', start_date: '2026-03-15', end_date: '2026-03-15' });
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveTextContent('15/03/2026');
    expect(screen.getByRole('button', { name: 'Hasta' })).toHaveTextContent('15/03/2026');
    const method = screen.getByRole('combobox', { name: 'Medio de pago' });
    expect(method).toBeDisabled();
    expect(method).toHaveValue('Efectivo');
    expect(screen.getByTestId('cash-only')).toHaveTextContent('Se muestra solo lo cobrado en efectivo.');
    expect(figure('importe_total')).toHaveTextContent(/\$\s4\.000,00/);
    expect(screen.queryByTestId('figure-cta_cte_resto')).not.toBeInTheDocument();
    expect(screen.queryByText('Cuenta corriente')).not.toBeInTheDocument();
    expect(screen.queryByTestId('provider-cards')).not.toBeInTheDocument();
  });

  it('nothing sold in the period: says so (billing’s words, in the user’s language)', async () => {
    fakes.billing.db.balance = null;
    renderBalance('owner', 'en');
    expect(await screen.findByTestId('no-sales')).toHaveTextContent('There are no sales in the selected period.');
    expect(screen.queryByTestId('balance-figures')).not.toBeInTheDocument();
  });

  it('in English: dollars and mm/dd/yyyy', async () => {
    renderBalance('owner', 'en');
    await screen.findByTestId('balance-figures');
    expect(figure('importe_total')).toHaveTextContent('Total cost$12,500.00');
    expect(figure('cta_cte_resto')).toHaveTextContent('Current account$140.25');
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('02/15/2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('03/15/2026');
    expect(await screen.findByTestId('provider-not-linked')).toHaveTextContent('Mercado Pago is not linked yet');
  });

  it("an operator at 22:30 in Buenos Aires: still the restaurant's day, though UTC's is tomorrow; in English", async () => {
    vi.setSystemTime(new Date('2026-03-16T01:30:00Z'));
    renderBalance('operator', 'en');
    expect(await screen.findByTestId('balance-figures')).toBeInTheDocument();
    expect(balanceBody()).toEqual({ fk_resto: 1, payment_type: 'Efectivo', start_date: '2026-03-15', end_date: '2026-03-15' });
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('03/15/2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('03/15/2026');
    expect(screen.getByTestId('cash-only')).toHaveTextContent('Only what was charged in cash is shown.');
  });
});
