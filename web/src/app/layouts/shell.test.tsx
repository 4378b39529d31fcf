import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { logoTarget, showsAuthButtons } from './top-bar';
import { drawerItemsFor, restoTabsFor } from './nav-items';

describe('top bar rules', () => {
  it('logo goes to /resto for restaurant groups or at the root, otherwise to /', () => {
    expect(logoTarget('/', [], false)).toBe('/resto');
    expect(logoTarget('/preguntas-frecuentes', [], false)).toBe('/');
    expect(logoTarget('/menu', [2], true)).toBe('/resto');
    expect(logoTarget('/ordenes', [4], true)).toBe('/resto');
    expect(logoTarget('/profile', [3], true)).toBe('/');
  });
  it('Login and Register show only on / and the FAQ when logged out', () => {
    expect(showsAuthButtons('/', false)).toBe(true);
    expect(showsAuthButtons('/preguntas-frecuentes', false)).toBe(true);
    expect(showsAuthButtons('/resto', false)).toBe(false);
    expect(showsAuthButtons('/legales/condicionesresto', false)).toBe(false);
    expect(showsAuthButtons('/', true)).toBe(false);
  });
});

describe('group navigation', () => {
  it('owners see every restaurant tab; the payment link only while not linked', () => {
    expect(restoTabsFor([2]).map((t) => t.key)).toEqual([
      'profile', 'menus', 'dishes', 'floor', 'qr', 'orders', 'delivery', 'payment', 'balance', 'stats', 'operators',
    ]);
    expect(restoTabsFor([2], { mpLinked: true }).map((t) => t.key)).not.toContain('payment');
  });
  it('operators see menus, dishes, QR, orders, delivery and balance', () => {
    expect(restoTabsFor([4]).map((t) => t.key)).toEqual(['menus', 'dishes', 'qr', 'orders', 'delivery', 'balance']);
  });
  it('the drawer holds restaurants, payments, accounts, dashboard for admins; the profile for clients', () => {
    expect(drawerItemsFor([1]).map((i) => i.key)).toEqual(['restaurants', 'payments', 'accounts', 'dashboard']);
    expect(drawerItemsFor([3]).map((i) => i.key)).toEqual(['profile']);
  });

  it('an owner on a restaurant page gets the tab bar', async () => {
    renderApp('/menu', { as: 'owner' });
    expect(await screen.findByRole('tab', { name: 'Operadores' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Menús' })).toHaveAttribute('aria-selected', 'true');
  });

  it('an admin opens the side drawer from the burger', async () => {
    renderApp('/administrador', { as: 'admin' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    expect(await screen.findByText('Tablero')).toBeInTheDocument();
    expect(screen.getByText('Cuentas')).toBeInTheDocument();
  });
});

describe('shell', () => {
  it('ES → EN changes the texts and stores the locale', async () => {
    renderApp('/preguntas-frecuentes');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Preguntas frecuentes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(localStorage.getItem('locale')).toBe('en');
  });

  it('shows the cookie notice except on / and /resto; accepting it hides it', async () => {
    renderApp('/preguntas-frecuentes');
    const user = userEvent.setup();
    const accept = await screen.findByRole('button', { name: 'Aceptar' });
    // while it shows, the page keeps room below for it: nothing is left under the notice
    expect(screen.getByTestId('cookie-notice-room')).toHaveStyle({ height: '64px' });
    await user.click(accept);
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cookie-notice-room')).not.toBeInTheDocument();
    expect(localStorage.getItem('cookie-accepted')).toBe('true');
  });

  it('no cookie notice on the landing page', async () => {
    renderApp('/');
    await screen.findByTestId('landing-title');
    expect(screen.queryByRole('region', { name: 'Aviso de cookies' })).not.toBeInTheDocument();
  });

  it('footer has the year, the contact e-mail and the FAQ link', async () => {
    renderApp('/legales/condicionesresto');
    expect(await screen.findByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contacto@qresto.com.ar' })).toHaveAttribute('href', 'mailto:contacto@qresto.com.ar');
  });

  it('/preguntas-frecuentes?toPrice=1 opens the price tab with its two cards', async () => {
    renderApp('/preguntas-frecuentes?toPrice=1');
    await waitFor(async () => expect(await screen.findByTestId('faq-tab-price')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getAllByTestId('price-card')).toHaveLength(2);
    expect(screen.getByText('Plan gratuito')).toBeInTheDocument();
  });

  it('the top bar’s Precios opens the price tab again after another tab was chosen', async () => {
    renderApp('/preguntas-frecuentes?toPrice=1');
    const user = userEvent.setup();
    const price = await screen.findByTestId('faq-tab-price');
    await waitFor(() => expect(price).toHaveAttribute('aria-selected', 'true'));
    await user.click(screen.getByTestId('faq-tab-security'));
    expect(price).toHaveAttribute('aria-selected', 'false');
    await user.click(screen.getByRole('link', { name: 'Precios' }));
    await waitFor(() => expect(screen.getByTestId('faq-tab-price')).toHaveAttribute('aria-selected', 'true'));
  });

  /** A screen narrower than md (the tests' matchMedia answers false to every query but prefers-reduced-motion). */
  function narrowScreen() {
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query === '(max-width: 61.99em)' }));
  }
  afterEach(() => vi.restoreAllMocks());

  it('below md the top bar’s help menu leads to the prices (a phone has no room for the FAQ and Precios buttons)', async () => {
    narrowScreen();
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ayuda y precios' }));
    // jsdom lays nothing out, and Mantine hides a dropdown whose target has no box: hidden: true
    expect(await screen.findByRole('menuitem', { name: 'Preguntas frecuentes', hidden: true })).toHaveAttribute('href', '/preguntas-frecuentes');
    await user.click(screen.getByRole('menuitem', { name: 'Precios', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/preguntas-frecuentes?toPrice=1'));
    await waitFor(async () => expect(await screen.findByTestId('faq-tab-price')).toHaveAttribute('aria-selected', 'true'));
  });

  it('a logged-in user’s help menu leads to the FAQ, in English too', async () => {
    narrowScreen();
    const { router } = renderApp('/restaurante', { as: 'owner', locale: 'en' });
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('dialog', { name: 'Getting started' })).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Help and prices' }));
    expect(await screen.findByRole('menuitem', { name: 'Prices', hidden: true })).toHaveAttribute('href', '/preguntas-frecuentes?toPrice=1');
    await user.click(screen.getByRole('menuitem', { name: 'FAQ', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preguntas-frecuentes'));
  });

  it('from md up the top bar has the FAQ and Precios buttons, and no help menu', async () => {
    renderApp('/');
    const bar = await screen.findByRole('banner');
    expect(await within(bar).findByRole('link', { name: 'Precios' })).toHaveAttribute('href', '/preguntas-frecuentes?toPrice=1');
    expect(within(bar).getByRole('link', { name: 'Preguntas frecuentes' })).toHaveAttribute('href', '/preguntas-frecuentes');
    expect(within(bar).queryByRole('button', { name: 'Ayuda y precios', hidden: true })).toBeNull();
  });

  it('the owner home closes the first-visit help and writes the start flag 2', async () => {
    renderApp('/restaurante', { as: 'owner' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Primeros pasos' });
    await user.click(dialog.querySelector('button')!);
    await waitFor(() => expect(localStorage.getItem('StartResto')).toBe('2'));
  });
});
