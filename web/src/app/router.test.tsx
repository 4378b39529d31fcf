import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/setup-tests';
import { renderApp } from '@/testing/test-utils';
import { preloadFirstScreen } from './router';

const MENU = {
  menu: { id: 30, name: 'Carta', restaurant: 10, delivery: true },
  restaurant: { id: 10, nombre_local: 'La Esquina', logo: '', whatsapp: '', takeaway: true, stop_orders: false, order_enabled: true, horario_apertura: null, horario_cierre: null },
  data: [{ id: 1, name: 'Entradas', sub_category: null, order: 0, sub_categories: [], dishes: [{ pk: 7, name: 'Empanada', description: '', price: '1500.00', order: 0, dish_dimage: [] }] }],
};

describe('routes and access', () => {
  it('a visitor opening /menu lands on /', async () => {
    const { router } = renderApp('/menu');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('landing-title')).toBeInTheDocument();
  });

  it('an owner opening /administrador lands on /403', async () => {
    const { router } = renderApp('/administrador', { as: 'owner' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(await screen.findByText('No tenés permiso para ver esta página.')).toBeInTheDocument();
    expect(screen.getByText('¡Oops!')).toBeInTheDocument();
  });

  it('a visitor opening /403 goes to / (the page needs a login)', async () => {
    const { router } = renderApp('/403');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['admin', '/administrador'],
    ['owner', '/restaurante'],
    ['client', '/profile'],
    ['operator', '/ordenes'],
  ] as const)('the home page sends a logged-in %s to %s', async (as, target) => {
    const { router } = renderApp('/', { as });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('an operator may open the orders board but not the operators screen', async () => {
    const { router } = renderApp('/operador-restaurante', { as: 'operator' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });

  it('a part-2 page renders localized behind its guard', async () => {
    renderApp('/restaurante/autorizacion-ahora-no', { as: 'owner' });
    expect(await screen.findByRole('heading', { name: 'Autorización pendiente' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Autorizar ahora' })).toHaveAttribute('href', '/restaurante/mercadopago');
  });

  it('an unknown path shows the 404 page', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('La página que buscás no existe, fue eliminada o cambió de nombre.')).toBeInTheDocument();
  });

  it('/500 shows the server error text', async () => {
    renderApp('/500', { locale: 'en' });
    expect(await screen.findByText('The request failed. If the problem persists, contact support.')).toBeInTheDocument();
  });

  it('a stale token fails the start-up session check: logged out, cookie consent kept', async () => {
    localStorage.setItem('cookie-accepted', 'true');
    const { router } = renderApp('/restaurante', { as: 'owner', token: 'tok-revoked' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('cookie-accepted')).toBe('true');
  });

  it('a live token passes the session check and keeps the page', async () => {
    const { router } = renderApp('/restaurante', { as: 'owner' });
    expect(await screen.findByTestId('owner-name')).toHaveTextContent('Olga');
    expect(router.state.location.pathname).toBe('/restaurante');
  });

  it('sets the page title per route', async () => {
    renderApp('/preguntas-frecuentes');
    await waitFor(() => expect(document.title).toBe('Preguntas frecuentes · QResto'));
  });
});

describe('a cold open of /menus on a phone (issue 13)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });

  it("loads the page, the place of the QR and its menu before the first render, each once: the first frame is the menu", async () => {
    const asked: string[] = [];
    // the table's live socket is not what this test is about: one that never opens
    vi.stubGlobal('WebSocket', class { close() {} });
    server.use(
      http.get('*/api/sit/lugar/:token/', () => {
        asked.push('place');
        return HttpResponse.json({ id: 4, fk_resto: 10, restaurant_name: 'La Esquina', i_name: 'M1', sit_type: 'mesa', fk_menu: 30, menu_name: 'Carta', admin: true, blocked: false });
      }),
      http.get('*/api/public-menu/', () => {
        asked.push('menu');
        return HttpResponse.json(MENU);
      }),
      http.get('*/api/ordenes/lugar/tok-m1/', () => HttpResponse.json({ fk_sit: 4, i_name: 'M1', fk_resto: 10, lines: [], total: '0.00' })),
    );
    window.history.replaceState(null, '', '/menus?p=tok-m1');
    await preloadFirstScreen('/menus');
    expect(asked).toEqual(['place', 'menu']);
    renderApp('/menus?p=tok-m1');
    // no loader in between: the heading is there as the first render commits
    expect(screen.getByRole('heading', { name: 'La Esquina' })).toBeVisible();
    expect(screen.getByTestId('dish-Empanada')).toBeInTheDocument();
    expect(asked).toEqual(['place', 'menu']);
  });
});
