import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedRestaurantStore } from '@/lib/selected-restaurant';
import { identityFake } from '@/testing/identity-fake';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import type { components } from '@/types/api/billing';
import { browser } from './api/get-authorization-url';

type LinkState = components['schemas']['LinkState'];
type Refusal = { status: number; detail: string; code: string };

const PROVIDER_PAGE = 'https://auth.mercadopago.test/authorization?client_id=app&state=1.attempt';

/** Billing's marketplace endpoints as the screens see them; `calls` records their bodies. */
function marketplaceFake() {
  const db = { linked: new Set<number>(), refusal: null as Refusal | null };
  const calls = { url: [] as URLSearchParams[], authorize: [] as unknown[], state: [] as unknown[] };
  const state = (id: number): LinkState => ({ fk_resto: id, mp_active: db.linked.has(id), linked_at: db.linked.has(id) ? '2026-03-10T12:00:00Z' : null });
  const handlers = [
    http.get('*/api/autorizacion/url/', ({ request }) => {
      calls.url.push(new URL(request.url).searchParams);
      return HttpResponse.json({ url: PROVIDER_PAGE, state: '1.attempt', expires_at: '2026-03-10T12:10:00Z' });
    }),
    http.post('*/api/autorizacion/', async ({ request }) => {
      const body = (await request.json()) as { fk_resto?: number };
      calls.authorize.push(body);
      if (db.refusal) return HttpResponse.json({ detail: db.refusal.detail, code: db.refusal.code }, { status: db.refusal.status });
      db.linked.add(body.fk_resto!);
      return HttpResponse.json(state(body.fk_resto!));
    }),
    http.post('*/api/restaurant-atributes/obtener-estado-mp/', async ({ request }) => {
      const body = (await request.json()) as { fk_resto: number };
      calls.state.push(body);
      return HttpResponse.json(state(body.fk_resto));
    }),
  ];
  return { db, calls, handlers };
}

let mp: ReturnType<typeof marketplaceFake>;
beforeEach(() => {
  mp = marketplaceFake();
  server.use(...mp.handlers, ...identityFake().handlers);
});

function renderAs(path: string, locale: 'es' | 'en' = 'es') {
  const utils = renderApp(path, { as: 'owner', locale });
  act(() => selectedRestaurantStore.select({ id_resto: 1, nombre_local: 'Resto Uno' }));
  return utils;
}

const payTab = (name = 'Vincular MercadoPago') => screen.queryByRole('tab', { name });

describe('/restaurante/mercadopago', () => {
  it('explains the integration, has its help, and sends the owner to the page billing answers', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAs('/restaurante/mercadopago');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vincular MercadoPago' })).toBeInTheDocument();
    expect(screen.getByText(/La comisión de la plataforma se retiene automáticamente/)).toBeInTheDocument();
    expect(screen.getByText(/El plan gratuito .* funciona sin vincular/)).toBeInTheDocument();
    // the tab bar's link tab, while not linked
    expect(await screen.findByRole('tab', { name: 'Vincular MercadoPago' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    const help = await screen.findByRole('dialog', { name: '¿Cómo vinculo Mercado Pago?' });
    expect(within(help).getAllByRole('listitem')).toHaveLength(4);
    await user.click(within(help).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(mp.calls.url).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Vincular con Mercado Pago' }));
    // the question first (spec part 2 §2 'an authorization question screen with authorize and deny'): nothing asked of billing yet
    const ask = await screen.findByRole('dialog', { name: '¿Autorizás ahora a Mercado Pago?' });
    expect(ask).toHaveTextContent('autorices a la aplicación a cobrar en nombre de Resto Uno');
    expect(mp.calls.url).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Autorizar ahora' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER_PAGE));
    expect(mp.calls.url.map((q) => q.get('fk_resto'))).toEqual(['1']);
  });

  it("'Ahora no' goes to the 'not now' screen without starting an attempt; closing the question stays", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    const { router } = renderAs('/restaurante/mercadopago');
    await user.click(await screen.findByRole('button', { name: 'Vincular con Mercado Pago' }));
    let ask = await screen.findByRole('dialog', { name: '¿Autorizás ahora a Mercado Pago?' });
    await user.click(within(ask).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/restaurante/mercadopago');

    await user.click(screen.getByRole('button', { name: 'Vincular con Mercado Pago' }));
    ask = await screen.findByRole('dialog', { name: '¿Autorizás ahora a Mercado Pago?' });
    await user.click(within(ask).getByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante/autorizacion-ahora-no'));
    expect(await screen.findByTestId('mp-not-now')).toHaveTextContent('No autorizaste la vinculación con Mercado Pago.');
    expect(mp.calls.url).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a restaurant already linked goes to /restaurante, and no tab leads back', async () => {
    mp.db.linked.add(1);
    const { router } = renderAs('/restaurante/mercadopago');
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante'));
    expect(mp.calls.url).toEqual([]);
  });

  it('the tab bar hides the link tab once the restaurant is linked', async () => {
    mp.db.linked.add(1);
    renderAs('/editar-restaurante');
    expect(await screen.findByRole('tab', { name: 'Perfil' })).toBeInTheDocument();
    await waitFor(() => expect(mp.calls.state).toEqual([{ fk_resto: 1 }]));
    expect(payTab()).not.toBeInTheDocument();
  });

  it('in English', async () => {
    const user = userEvent.setup();
    renderAs('/restaurante/mercadopago', 'en');
    expect(await screen.findByRole('button', { name: 'Link with Mercado Pago' })).toBeInTheDocument();
    expect(screen.getByText(/The platform's commission is retained automatically/)).toBeInTheDocument();
    expect(screen.getByText(/The free plan .* works without linking/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link with Mercado Pago' }));
    const ask = await screen.findByRole('dialog', { name: 'Authorize Mercado Pago now?' });
    expect(ask).toHaveTextContent('authorize the application to charge on behalf of Resto Uno');
    expect(within(ask).getByRole('button', { name: 'Authorize now' })).toBeInTheDocument();
    expect(within(ask).getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  });
});

describe('/restaurante/autorizacion (the provider sends the owner back)', () => {
  it('links with the code, says so and lands on /restaurante; the link tab is gone', async () => {
    const { router } = renderAs('/restaurante/autorizacion/?fk_resto=1&code=TG-123&state=1.attempt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante'));
    expect(mp.calls.authorize).toEqual([{ code: 'TG-123', state: '1.attempt', fk_resto: 1 }]);
    expect(await screen.findByText('¡Listo! Tu restaurante quedó vinculado con Mercado Pago.')).toBeInTheDocument();
    await act(() => router.navigate('/editar-restaurante'));
    expect(await screen.findByRole('tab', { name: 'Perfil' })).toBeInTheDocument();
    expect(payTab()).not.toBeInTheDocument();
  });

  it('without fk_resto in the address, the restaurant is the one the state starts with', async () => {
    const { router } = renderAs('/restaurante/autorizacion/?code=TG-9&state=7.attempt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante'));
    expect(mp.calls.authorize).toEqual([{ code: 'TG-9', state: '7.attempt', fk_resto: 7 }]);
  });

  it.each([
    ['a missing field', { status: 400, code: 'field_required', detail: 'code: Este campo es requerido.' }, 'Faltan datos del restaurante para vincularlo. Volvé a intentarlo desde la pantalla de vinculación.'],
    ['the provider unreachable', { status: 502, code: 'provider_unreachable', detail: 'x' }, 'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos.'],
    ['the account linked by another user', { status: 409, code: 'account_linked_elsewhere', detail: 'x' }, 'Esa cuenta de Mercado Pago ya está vinculada por otro usuario. Vinculá otra cuenta.'],
    ['a stale state', { status: 400, code: 'state_invalid', detail: 'x' }, 'No pudimos vincular tu cuenta de Mercado Pago. Intentá de nuevo.'],
    ['a rejected code', { status: 400, code: 'code_rejected', detail: 'x' }, 'No pudimos vincular tu cuenta de Mercado Pago. Intentá de nuevo.'],
  ])('%s: its text under the title, and a way to try again', async (_, refusal, text) => {
    mp.db.refusal = refusal;
    const { router } = renderAs('/restaurante/autorizacion/?fk_resto=1&code=TG-1&state=1.attempt');
    const error = await screen.findByTestId('mp-link-error');
    expect(within(error).getByText('Error al vincular Mercado Pago')).toBeInTheDocument();
    expect(within(error).getByText(text)).toBeInTheDocument();
    expect(mp.calls.authorize).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/restaurante/autorizacion/');
    expect(screen.getByRole('link', { name: 'Volver a intentar' })).toHaveAttribute('href', '/restaurante/mercadopago');
  });

  it('a return with no code sends what it has; billing says a field is required', async () => {
    mp.db.refusal = { status: 400, code: 'field_required', detail: 'code: Este campo es requerido.' };
    renderAs('/restaurante/autorizacion/?fk_resto=1');
    expect(await screen.findByTestId('mp-link-error')).toHaveTextContent(/Faltan datos del restaurante/);
    expect(mp.calls.authorize).toEqual([{ fk_resto: 1 }]);
  });

  it.each([
    ['an OAuth error', '/restaurante/autorizacion/?error=access_denied&error_description=denied&state=1.attempt'],
    ['access-denied in the address', '/restaurante/autorizacion/?fk_resto=1&reason=access-denied'],
  ])('%s goes to the not-now screen, which leads back to authorize', async (_, path) => {
    const user = userEvent.setup();
    const { router } = renderAs(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante/autorizacion-ahora-no'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Autorización pendiente' })).toBeInTheDocument();
    expect(screen.getByTestId('mp-not-now')).toHaveTextContent('No autorizaste la vinculación con Mercado Pago.');
    expect(mp.calls.authorize).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Autorizar ahora' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/restaurante/mercadopago'));
  });

  it('in English: an error and the not-now screen', async () => {
    mp.db.refusal = { status: 502, code: 'provider_unreachable', detail: 'x' };
    const { router } = renderAs('/restaurante/autorizacion/?fk_resto=1&code=TG-1&state=1.attempt', 'en');
    const error = await screen.findByTestId('mp-link-error');
    expect(error).toHaveTextContent('Could not link Mercado Pago');
    expect(error).toHaveTextContent('We could not reach Mercado Pago. Please try again in a few minutes.');
    expect(screen.getByRole('link', { name: 'Try again' })).toBeInTheDocument();
    await act(() => router.navigate('/restaurante/autorizacion-ahora-no'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Authorization pending' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Authorize now' })).toBeInTheDocument();
  });
});
