import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { floorServer, sit } from '../testing/floor-handlers';

const eight = () => [sit(1, 'M1'), sit(2, 'M2'), sit(3, 'M3'), sit(4, 'M4'), sit(5, 'M5'), sit(6, 'S1'), sit(7, 'S2'), sit(8, 'D1', { menu_name: 'Delivery' })];

function setup(opts?: Parameters<typeof floorServer>[0]) {
  const fake = floorServer(opts);
  server.use(...fake.handlers);
  return fake;
}

const cards = () => Array.from(screen.getByTestId('qr-grid').querySelectorAll('[data-testid^="qr-card-"]')).map((el) => el.getAttribute('data-testid')!.slice(8));
const sheetCalls = (fake: ReturnType<typeof setup>) => fake.calls.filter((c) => c.path === '/api/qr/sit/').map((c) => c.query);

let saved: string[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:sheet');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('QR codes (/qr-restaurante)', () => {
  it('a card per place with its code, six per page on a large screen, and a search', async () => {
    setup({ sits: eight() });
    const user = userEvent.setup();
    renderApp('/qr-restaurante', { as: 'owner' });
    await screen.findByTestId('qr-card-M1');
    expect(cards()).toEqual(['M1', 'M2', 'M3', 'M4', 'M5', 'S1']);
    expect(screen.getByRole('img', { name: 'Código QR de Mesa M1' })).toHaveAttribute('src', '/api/qr/lugar/tok1.png');
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(cards()).toEqual(['S2', 'D1']);
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'deliv');
    await waitFor(() => expect(cards()).toEqual(['D1']));
    expect(screen.getByRole('combobox', { name: 'Filas por página' })).toHaveValue('6');
  });

  it('shows four per page on a medium screen (sizes 4, 8, 12)', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width: 74.99em'), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
    );
    setup({ sits: eight() });
    renderApp('/qr-restaurante', { as: 'owner' });
    await screen.findByTestId('qr-card-M1');
    expect(cards()).toEqual(['M1', 'M2', 'M3', 'M4']);
    const sizes = screen.getByRole('combobox', { name: 'Filas por página' });
    expect(within(sizes).getAllByRole('option').map((o) => o.textContent)).toEqual(['4', '8', '12']);
  });

  it("one place: the code only, or with instructions, saved as qr_menu.pdf (spec part 2 §9)", async () => {
    const fake = setup({ sits: eight() });
    const user = userEvent.setup();
    renderApp('/qr-restaurante', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Descargar el código de Mesa M2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Código QR de Mesa M2' });
    await user.click(within(dialog).getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toEqual(['qr_menu.pdf']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Descargar el código de Mesa M3' }));
    dialog = await screen.findByRole('dialog', { name: 'Código QR de Mesa M3' });
    await user.click(within(dialog).getByRole('radio', { name: /El código con las instrucciones/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toEqual(['qr_menu.pdf', 'qr_menu.pdf']));
    expect(sheetCalls(fake)).toEqual([
      { fk_resto: '7', layout: 'uno', ids: '2' },
      { fk_resto: '7', layout: 'uno-instrucciones', ids: '3' },
    ]);
  });

  it('the joint download: only chairs on 4x4, a chosen list, and nothing asked without a choice', async () => {
    const fake = setup({ sits: eight() });
    const user = userEvent.setup();
    renderApp('/qr-restaurante', { as: 'owner' });
    await screen.findByTestId('qr-card-M1');
    await user.click(screen.getByRole('button', { name: 'Descargar todos' }));
    let dialog = await screen.findByRole('dialog', { name: 'Descargar códigos QR' });
    await user.click(within(dialog).getByRole('radio', { name: 'Solo sillas' }));
    await user.click(within(dialog).getByRole('radio', { name: '4 × 4 (16 por hoja)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toEqual(['qr_menu.pdf']));

    await user.click(screen.getByRole('button', { name: 'Descargar todos' }));
    dialog = await screen.findByRole('dialog', { name: 'Descargar códigos QR' });
    await user.click(within(dialog).getByRole('radio', { name: 'Algunos' }));
    expect(within(dialog).getByText('Elegí al menos un lugar.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Descargar PDF' })).toBeDisabled();
    const chosen = within(dialog).getByRole('group', { name: 'Lugares' });
    await user.click(within(chosen).getByRole('checkbox', { name: 'M4' }));
    await user.click(within(chosen).getByRole('checkbox', { name: 'D1' }));
    await user.click(within(dialog).getByRole('radio', { name: '4 por hoja con instrucciones' }));
    await user.click(within(dialog).getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toEqual(['qr_menu.pdf', 'qr_menu.pdf']));
    expect(sheetCalls(fake)).toEqual([
      { fk_resto: '7', layout: '4x4', sit_type: 'silla' },
      { fk_resto: '7', layout: '4-instrucciones', ids: '4,8' },
    ]);
  });

  it('a new code for one place after a confirmation: the card shows the new code', async () => {
    const fake = setup({ sits: eight() });
    const user = userEvent.setup();
    renderApp('/qr-restaurante', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Nuevo código para Mesa M1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Generar un código nuevo' });
    expect(within(confirm).getByText(/El código impreso de M1 deja de funcionar/)).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Generar código nuevo' }));
    expect(await screen.findByText('M1 tiene un código nuevo: imprimilo y reemplazá el anterior.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/sit/1/nuevo-qr/']);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Código QR de Mesa M1' }).getAttribute('src')).toMatch(/^\/api\/qr\/lugar\/new1-/));
  });

  it('a refused download shows the server\'s message and keeps the dialog open', async () => {
    setup({ sits: eight() });
    server.use(http.get('*/api/qr/sit/', () => HttpResponse.json({ detail: 'Lugar no encontrado.' }, { status: 404 })));
    const user = userEvent.setup();
    renderApp('/qr-restaurante', { as: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Descargar el código de Mesa M1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Código QR de Mesa M1' });
    await user.click(within(dialog).getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText('No se pudo descargar el PDF')).toBeInTheDocument();
    expect(screen.getByText('Lugar no encontrado.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('speaks English too', async () => {
    setup({ sits: eight() });
    const user = userEvent.setup();
    renderApp('/qr-restaurante', { as: 'owner', locale: 'en' });
    expect(await screen.findByRole('img', { name: 'QR code of Table M1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download QR codes' });
    for (const label of ['All', 'Some', 'Only tables', 'Only chairs', '3 × 3 (9 per page)', '4 per page with instructions']) {
      expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();
    }
  });

  it('without places it points to the sketch', async () => {
    setup({ sits: [] });
    renderApp('/qr-restaurante', { as: 'owner' });
    expect(await screen.findByTestId('qr-empty')).toHaveTextContent('Todavía no hay lugares');
    expect(screen.getByRole('link', { name: 'Ir al croquis' })).toHaveAttribute('href', '/croquis-restaurante');
    expect(screen.getByRole('button', { name: 'Descargar todos' })).toBeDisabled();
  });
});
