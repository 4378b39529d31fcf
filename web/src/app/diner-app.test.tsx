import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { localeStore } from '@/lib/i18n/locale';
import { queryClient } from '@/lib/query';
import { KEYS } from '@/lib/storage';
import { server } from '@/testing/setup-tests';
import { seedSession } from '@/testing/test-utils';
import { DinerApp, DinerMenu } from './diner-app';

const MENU = {
  menu: { id: 41, name: 'Carta', restaurant: 10, delivery: true },
  restaurant: { id: 10, nombre_local: 'La Esquina', logo: '', whatsapp: '', takeaway: true, stop_orders: false, order_enabled: true, horario_apertura: null, horario_cierre: null },
  data: [{ id: 1, name: 'Entradas', sub_category: null, order: 0, sub_categories: [], dishes: [{ pk: 7, name: 'Empanada', description: '', price: '1500.00', order: 0, dish_dimage: [] }] }],
};

describe("the diner's entry (menus.html)", () => {
  it("shows the menu of a link in the first frame, in the app's shell, with the page's title", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/public-menu/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(MENU);
      }),
    );
    seedSession('visitor');
    localStorage.removeItem(KEYS.cookieAccepted);
    localStorage.setItem(KEYS.locale, 'es');
    localeStore.reset();
    queryClient.clear();
    window.history.replaceState(null, '', '/menus?menu=41');
    await DinerMenu.preload();
    render(<DinerApp />);
    // no loader in between: the heading is there as the first render commits
    expect(screen.getByRole('heading', { name: 'La Esquina' })).toBeVisible();
    expect(screen.getByTestId('dish-Empanada')).toBeInTheDocument();
    expect(asked).toEqual(['?menu=41']);
    // the shell: the language switch, the footer, the cookie notice
    expect(within(screen.getByTestId('locale-toggle')).getByRole('button', { name: 'ES' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Aviso de cookies' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Menú · QResto'));
  });
});
