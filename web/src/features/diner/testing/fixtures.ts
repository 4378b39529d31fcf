import { http, HttpResponse } from 'msw';
import type { PublicMenu, TabLine } from '../api/types';

/** The menu the diner's tests open: La Esquina's 'Carta' (menu 30), with a sub-category. */
export const MENU: PublicMenu = {
  menu: { id: 30, name: 'Carta', restaurant: 10, delivery: true },
  restaurant: {
    id: 10, nombre_local: 'La Esquina', logo: '', whatsapp: 'https://wa.me/5491145678900', takeaway: true,
    stop_orders: false, order_enabled: true, horario_apertura: null, horario_cierre: null,
  },
  data: [
    {
      id: 1, name: 'Entradas', sub_category: null, order: 0, sub_categories: [],
      dishes: [
        { pk: 7, name: 'Empanada', description: 'De carne, cortada a cuchillo', price: '1500.00', order: 0, dish_dimage: [{ id: 1, image: '/media/catalog/e.png' }] },
        { pk: 8, name: 'Provoleta', description: '', price: '4200.00', order: 1, dish_dimage: [] },
      ],
    },
    {
      id: 2, name: 'Postres', sub_category: null, order: 1,
      dishes: [],
      sub_categories: [{ id: 3, name: 'Helados', sub_category: 2, order: 0, sub_categories: [], dishes: [{ pk: 9, name: 'Almendrado', description: '', price: '2000.00', order: 0, dish_dimage: [] }] }],
    },
  ],
};

/** GET public-menu/?menu=: `menu`, or 404 for any other id (and for null). */
export function menuHandler(menu: PublicMenu | null = MENU) {
  return http.get('*/api/public-menu/', ({ request }) => {
    const id = new URL(request.url).searchParams.get('menu');
    if (!menu || id !== String(menu.menu.id)) return HttpResponse.json({ detail: 'Menu no encontrado' }, { status: 404 });
    return HttpResponse.json(menu);
  });
}

/** GET sit/lugar/{token}/: table M1 (place 4, menu 30) for 'tok-m1'; any other token was replaced (410). */
export function placeHandler() {
  return http.get('*/api/sit/lugar/:token/', ({ params }) =>
    params.token === 'tok-m1'
      ? HttpResponse.json({ id: 4, fk_resto: 10, restaurant_name: 'La Esquina', i_name: 'M1', sit_type: 'mesa', fk_menu: 30, menu_name: 'Carta', admin: true, blocked: false })
      : HttpResponse.json({ detail: 'gone', code: 'place_token_revoked' }, { status: 410 }),
  );
}

/** A line of table M1's tab: two empanadas Ana ordered (order 50), received. */
export const tabLine = (over: Partial<TabLine>): TabLine => ({
  id: 100, order: 50, fk_dish: 7, dish_name: 'Empanada', price: '1500.00', quantity: 2, status: '1',
  extra_commentary: '', diner_name: 'Ana', creation_date: '2026-11-22T20:00:00Z', status_pay: null, ...over,
});
