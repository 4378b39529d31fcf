import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeStaffSocket, playStaffSocket } from '@/features/notifications/testing/fake-socket';
import * as toasts from '@/lib/notify';
import { queryClient } from '@/lib/query';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { payableLines, paymentState, submissionOf } from '../api/pay';
import { boardServer, line, place } from '../testing/board-server';
import { totalOf } from './pay-dialog';

/**
 * Paying at the counter on /ordenes (spec part 2 §4 'Payment', §8; issue 21): the list view's pay
 * button as the server allows it, the table's 'pay all', the method, one Idempotency-Key per
 * submission, the 208 case (the error shown, the line's real status back), the success message and
 * the payment display states. The fake ordering (MSW) plays the server's rules.
 */
const R = 7;
let fake: ReturnType<typeof boardServer>;

playStaffSocket();

const settled = () => waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
const payCalls = () => fake.calls.filter((c) => c.path.startsWith('/api/pagar-orden/'));

async function openBoard(opts: Parameters<typeof boardServer>[0], locale: 'es' | 'en' = 'es') {
  fake = boardServer(opts);
  server.use(...fake.handlers);
  renderApp('/ordenes', { as: 'operator', locale });
  await screen.findByTestId('table-M1');
  await waitFor(() => expect(FakeStaffSocket.all.filter((s) => !s.closed)).toHaveLength(1));
  FakeStaffSocket.last.ready(R);
  await settled();
}

async function listView(user: ReturnType<typeof userEvent.setup>, label = 'Lista') {
  await user.click(within(screen.getByTestId('view-switch')).getByText(label));
  await screen.findByTestId('order-list');
  await settled();
}

/** Table M1's dialog, once its lines are shown, then its 'pay all' dialog. */
async function payTable(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('table-M1'));
  const table = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
  await within(table).findAllByRole('row');
  await settled();
  await user.click(within(table).getByRole('button', { name: 'Cobrar mesa' }));
  return { table, dialog: await screen.findByRole('dialog', { name: 'Cobrar la mesa M1' }) };
}

describe('paying at the counter (/ordenes)', () => {
  it('the pure rules: payable lines are what the server says, the display states, the submission, the total', () => {
    const lines = [line(1, 1, '4', { can_pay: true }), line(2, 1, '1'), line(3, 1, '6', { cash: true, status_pay: 'paid' })];
    expect(payableLines(lines).map((l) => l.id)).toEqual([1]);
    expect(['paid', 'pending', 'rejected', null].map((s) => paymentState({ status_pay: s as never }))).toEqual(['paid', 'pending', 'rejected', 'none']);
    expect(submissionOf([3, 1, 2], 'Efectivo')).toBe(submissionOf([1, 2, 3], 'Efectivo'));
    expect(submissionOf([1], 'Efectivo')).not.toBe(submissionOf([1], 'Debito'));
    expect(totalOf([{ price: '0.10', quantity: 3 }, { price: '1500.50', quantity: 2 }])).toBe('3001.30');
  });

  it('the list view offers payment to accepted and delivered lines only, and pays one in cash with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({
      lines: [line(1, 1, '1'), line(2, 1, '2'), line(3, 1, '3'), line(4, 1, '4'), line(5, 2, '6', { cash: true, status_pay: 'paid' }), line(6, 1, '4')],
    });
    await listView(user);
    const payButton = (id: number) => within(screen.getByTestId(`line-${id}`)).getByRole('button', { name: 'Cobrar' });
    expect([1, 2, 3, 4, 5].map((id) => payButton(id).hasAttribute('disabled'))).toEqual([true, false, true, false, true]);
    expect(screen.getByTestId('pay-state-5')).toHaveTextContent('Pagado');
    expect(screen.getByTestId('pay-state-4')).toHaveTextContent('Sin pago');

    await user.click(payButton(4));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar 1 × Empanada' });
    expect(within(dialog).getByTestId('pay-total')).toHaveTextContent(/Órdenes: 1 · Total: \$\s?1\.500,00/);
    expect(within(dialog).getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Débito' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Crédito' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('success', 'Pago registrado', { title: 'Pago' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = payCalls();
    expect([call.method, call.path, call.body]).toEqual(['POST', '/api/pagar-orden/4/recibir-pago/', { pk_order: 4, type_pay: 'Efectivo' }]);
    expect(call.key).toMatch(/^[\w-]{8,100}$/);
    await waitFor(() => expect(screen.getByTestId('pay-state-4')).toHaveTextContent('Pagado · Efectivo'));
    expect(within(screen.getByTestId('line-4')).getByText('Pagada')).toBeInTheDocument();
    expect(payButton(4)).toBeDisabled(); // paid in cash: never again, never rejected
  });

  it("the table dialog pays all of the table's payable lines in one payment, by the method chosen; the table frees itself", async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ lines: [line(1, 1, '2'), line(2, 1, '4', { quantity: 2 }), line(3, 1, '3')] });
    const { table, dialog } = await payTable(user);
    expect(within(dialog).getByTestId('pay-total')).toHaveTextContent(/Órdenes: 2 · Total: \$\s?4\.500,00/);
    await user.click(within(dialog).getByRole('radio', { name: 'Débito' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('success', 'Pago registrado: la mesa quedó libre', { title: 'Pago' }));
    const [call] = payCalls();
    expect([call.path, call.body]).toEqual(['/api/pagar-orden/recibir-varios-pagos/', { payment_orders: [1, 2], type_pay: 'Debito' }]);
    await waitFor(() => expect(screen.getByTestId('table-M1')).toHaveAttribute('data-status', 'free'));
    // the table is empty now: 'Cobrar mesa' says there is nothing to pay instead of opening the dialog
    await user.click(within(table).getByRole('button', { name: 'Cobrar mesa' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('warning', 'No hay órdenes para cobrar.', { autoClose: 5000 }));
    expect(screen.queryByRole('dialog', { name: 'Cobrar la mesa M1' })).not.toBeInTheDocument();
  });

  it("'Cobrar mesa' with nothing payable warns as the delivery screen does: accept the new orders first, or nothing to pay", async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ lines: [line(1, 1, '1'), line(2, 1, '3'), line(3, 2, '3')] });
    await user.click(screen.getByTestId('table-M1'));
    let table = await screen.findByRole('dialog', { name: 'Órdenes de M1' });
    await within(table).findAllByRole('row');
    await settled();
    const pay = within(table).getByRole('button', { name: 'Cobrar mesa' });
    expect(pay).toBeEnabled();
    await user.click(pay);
    expect(shown).toHaveBeenCalledWith('warning', 'No hay órdenes para cobrar: los pedidos nuevos deben aceptarse antes de cobrarlos.', { autoClose: 5000 });
    expect(screen.queryByRole('dialog', { name: 'Cobrar la mesa M1' })).not.toBeInTheDocument();
    expect(payCalls()).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Cerrar' }));
    await user.click(screen.getByTestId('table-M2'));
    table = await screen.findByRole('dialog', { name: 'Órdenes de M2' });
    await within(table).findAllByRole('row');
    await settled();
    await user.click(within(table).getByRole('button', { name: 'Cobrar mesa' }));
    expect(shown).toHaveBeenLastCalledWith('warning', 'No hay órdenes para cobrar.', { autoClose: 5000 });
    expect(payCalls()).toEqual([]);
  });

  it("'Charge table' with only new orders, in English", async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ lines: [line(1, 1, '1')] }, 'en');
    await user.click(screen.getByTestId('table-M1'));
    const table = await screen.findByRole('dialog', { name: 'Orders of M1' });
    await within(table).findAllByRole('row');
    await settled();
    await user.click(within(table).getByRole('button', { name: 'Charge table' }));
    expect(shown).toHaveBeenCalledWith('warning', 'No orders to pay: new orders must be accepted before they are charged.', { autoClose: 5000 });
  });

  it("'pay all' with one line left to pay is still the table's bulk payment", async () => {
    const user = userEvent.setup();
    await openBoard({ lines: [line(1, 1, '4'), line(2, 1, '1')] });
    await user.click(within((await payTable(user)).dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(payCalls()).toHaveLength(1));
    expect([payCalls()[0].path, payCalls()[0].body]).toEqual(['/api/pagar-orden/recibir-varios-pagos/', { payment_orders: [1], type_pay: 'Efectivo' }]);
    await settled();
    expect(screen.getByTestId('table-M1')).toHaveAttribute('data-status', '1'); // the new line keeps the table open
  });

  it('a retry of the same submission keeps its Idempotency-Key; another method is another key', async () => {
    const user = userEvent.setup();
    await openBoard({ lines: [line(1, 1, '4'), line(2, 1, '1')] });
    await listView(user);
    await user.click(within(screen.getByTestId('line-1')).getByRole('button', { name: 'Cobrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar 1 × Empanada' });
    fake.errors.PAY = { status: 503, body: null }; // the answer is lost: the dialog stays for a retry
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(payCalls()).toHaveLength(1));
    await settled();
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(payCalls()).toHaveLength(2));
    await settled();
    await user.click(within(dialog).getByRole('radio', { name: 'Crédito' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(payCalls()).toHaveLength(3));
    await settled();
    delete fake.errors.PAY;
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = payCalls().map((c) => c.key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe(keys[2]);
    expect(fake.payments()).toBe(1);
  });

  it("208: another tablet paid the line first; the server's error is shown and the line shows its real status again", async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ lines: [line(1, 1, '4'), line(2, 1, '1')] });
    await listView(user);
    await user.click(within(screen.getByTestId('line-1')).getByRole('button', { name: 'Cobrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar 1 × Empanada' });
    // the other tablet's payment, before this screen heard of it
    Object.assign(fake.move(fake.lines[0], '6'), { status_pay: 'paid', account_pay: { payment_id: 99, method: 'debit', transaction_details: { comission: null } } });
    expect(within(screen.getByTestId('line-1')).getByText('Entregada')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('error', 'La orden ya está pagada: no se puede cobrar.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByTestId('line-1')).getByText('Pagada')).toBeInTheDocument());
    expect(screen.getByTestId('pay-state-1')).toHaveTextContent('Pagado · Débito');
    expect(shown).not.toHaveBeenCalledWith('success', expect.anything(), expect.anything());
  });

  it('shows the payment display states, and everything in English', async () => {
    const user = userEvent.setup();
    await openBoard(
      {
        lines: [line(1, 1, '4', { status_pay: 'pending' }), line(2, 1, '4', { status_pay: 'rejected' }), line(3, 1, '2'), line(4, 1, '6', { status_pay: 'paid', account_pay: { payment_id: 1, method: 'credit', transaction_details: { comission: '1.00' } } })],
        places: [place(1, 'M1'), place(2, 'M2')],
      },
      'en',
    );
    await listView(user, 'List');
    expect(['1', '2', '3', '4'].map((id) => screen.getByTestId(`pay-state-${id}`).textContent)).toEqual([
      'Payment pending', 'Payment rejected', 'Not paid', 'Paid · Credit',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Payment' })).toBeInTheDocument();
    await user.click(within(screen.getByTestId('line-3')).getByRole('button', { name: 'Charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge 1 × Empanada' });
    expect(within(dialog).getByRole('radiogroup', { name: /Payment method/ })).toBeInTheDocument();
    expect(['Cash', 'Debit', 'Credit'].map((m) => within(dialog).getByRole('radio', { name: m }))).toHaveLength(3);
  });

  it('a line an online payment holds: asks, cancels that payment at billing and charges with the same key', async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ lines: [line(1, 1, '4', { status_pay: 'pending' }), line(2, 1, '2')] });
    await listView(user);
    expect(screen.getByTestId('pay-state-1')).toHaveTextContent('Pago pendiente');
    await user.click(within(screen.getByTestId('line-1')).getByRole('button', { name: 'Cobrar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cobrar 1 × Empanada' })).getByRole('button', { name: 'Cobrar' }));
    const ask = await screen.findByRole('dialog', { name: 'Pago online en curso' });
    // the server's words (es), then the question; no error notification for it
    expect(ask).toHaveTextContent('Hay un pago de MercadoPago en curso para este pedido.');
    expect(ask).toHaveTextContent('¿Cancelar el pago de MercadoPago y cobrar acá?');
    expect(shown).not.toHaveBeenCalledWith('error', expect.anything(), expect.anything());
    expect(shown).not.toHaveBeenCalledWith('error', expect.anything());
    // 'back' returns to the payment, which keeps its key
    await user.click(within(ask).getByRole('button', { name: 'Volver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar 1 × Empanada' });
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pago online en curso' })).getByRole('button', { name: 'Cancelar pago online y cobrar' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('success', 'Pago registrado', { title: 'Pago' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payCalls().map((c) => c.path)).toEqual([
      '/api/pagar-orden/1/recibir-pago/', '/api/pagar-orden/1/recibir-pago/', '/api/pagar-orden/1/cancelar-mercadopago/', '/api/pagar-orden/1/recibir-pago/',
    ]);
    const keys = payCalls().filter((c) => c.path.endsWith('recibir-pago/')).map((c) => c.key);
    expect(new Set(keys).size).toBe(1);
    expect(fake.payments()).toBe(1);
    await waitFor(() => expect(screen.getByTestId('pay-state-1')).toHaveTextContent('Pagado · Efectivo'));
  });

  it('a line whose online payment the marketplace declined: the question says declined, not under way; yes cancels it and charges', async () => {
    const user = userEvent.setup();
    await openBoard({ lines: [line(1, 1, '4', { status_pay: 'rejected' }), line(2, 1, '4', { status_pay: 'rejected' })] });
    await user.click(within((await payTable(user)).dialog).getByRole('button', { name: 'Cobrar' }));
    const ask = await screen.findByRole('dialog', { name: 'Pago online rechazado' });
    expect(ask).toHaveTextContent('MercadoPago rechazó el pago online de estos pedidos. El pago sigue abierto hasta que lo canceles.');
    expect(ask).not.toHaveTextContent('en curso');
    expect(ask).toHaveTextContent('¿Cancelar el pago de MercadoPago y cobrar acá?');
    await user.click(within(ask).getByRole('button', { name: 'Cancelar pago online y cobrar' }));
    await waitFor(() => expect(fake.payments()).toBe(1));
    expect(payCalls().filter((c) => c.path.endsWith('/cancelar-mercadopago/'))).toHaveLength(1);
  });

  it("a table's 'pay all' held by two online payments cancels each once, then pays the table", async () => {
    const user = userEvent.setup();
    await openBoard({
      lines: [line(1, 1, '4', { status_pay: 'pending' }), line(2, 1, '4', { status_pay: 'pending' }), line(3, 1, '2', { status_pay: 'rejected' }), line(4, 1, '2')],
      holds: { 1: 10, 2: 10, 3: 11 },
    });
    await user.click(within((await payTable(user)).dialog).getByRole('button', { name: 'Cobrar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pago online en curso' })).getByRole('button', { name: 'Cancelar pago online y cobrar' }));
    await waitFor(() => expect(fake.payments()).toBe(1));
    expect(payCalls().map((c) => c.path)).toEqual([
      '/api/pagar-orden/recibir-varios-pagos/', '/api/pagar-orden/1/cancelar-mercadopago/', '/api/pagar-orden/3/cancelar-mercadopago/', '/api/pagar-orden/recibir-varios-pagos/',
    ]);
    expect(fake.cancelled).toEqual([10, 11]);
    expect(payCalls()[3].body).toEqual({ payment_orders: [1, 2, 3, 4], type_pay: 'Efectivo' });
    await waitFor(() => expect(screen.getByTestId('table-M1')).toHaveAttribute('data-status', 'free'));
  });

  it('a refusal whose detail names MercadoPago (no code) asks the same; a cancel the marketplace refuses says why and cancels nothing', async () => {
    const user = userEvent.setup();
    const shown = vi.spyOn(toasts, 'notify');
    await openBoard({ lines: [line(1, 1, '4', { status_pay: 'pending' })] }, 'en');
    fake.errors.PAY = { status: 400, body: { detail: 'The order has a MercadoPago payment in progress.' } };
    fake.errors.CANCEL = { status: 409, body: { detail: 'x', code: 'checkout_approved' } };
    await listView(user, 'List');
    await user.click(within(screen.getByTestId('line-1')).getByRole('button', { name: 'Charge' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Charge 1 × Empanada' })).getByRole('button', { name: 'Charge' }));
    const ask = await screen.findByRole('dialog', { name: 'Online payment under way' });
    expect(ask).toHaveTextContent('The order has a MercadoPago payment in progress.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel online payment and charge' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('error', 'MercadoPago already approved that payment: the order shows as paid in a moment.'));
    // the line shown held (status_pay) is the one cancelled; nothing was charged
    expect(payCalls().map((c) => c.path)).toEqual(['/api/pagar-orden/1/recibir-pago/', '/api/pagar-orden/1/cancelar-mercadopago/']);
    expect(screen.getByRole('dialog', { name: 'Online payment under way' })).toBeInTheDocument();
  });

  it('after the cancel, ordering hears of it a moment later: the payment is sent again until the line is free', async () => {
    const user = userEvent.setup();
    await openBoard({ lines: [line(1, 1, '4', { status_pay: 'pending' })], cancelLag: 300 });
    await listView(user);
    await user.click(within(screen.getByTestId('line-1')).getByRole('button', { name: 'Cobrar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cobrar 1 × Empanada' })).getByRole('button', { name: 'Cobrar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pago online en curso' })).getByRole('button', { name: 'Cancelar pago online y cobrar' }));
    await waitFor(() => expect(fake.payments()).toBe(1), { timeout: 4000 });
    expect(payCalls().map((c) => c.path)).toEqual([
      '/api/pagar-orden/1/recibir-pago/', '/api/pagar-orden/1/cancelar-mercadopago/', '/api/pagar-orden/1/recibir-pago/', '/api/pagar-orden/1/recibir-pago/',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
