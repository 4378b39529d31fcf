import type { components } from '@/types/api/catalog';

export type PublicMenu = components['schemas']['PublicMenu'];
export type PublicCategory = components['schemas']['PublicCategory'];
export type PublicDish = components['schemas']['PublicDish'];
export type PublicRestaurant = components['schemas']['PublicRestaurant'];

// ordering's and floor's diner calls are not in proto/openapi yet (their documents are not
// exported); these mirror services/ordering/ordering/diner/schemas.py, delivery/schemas.py and
// floor's PlaceForDiner (services/floor/floor/place/schemas.py) until `npm run gen-api` can produce them.

/** Spec part 2 §4: '1' new, '2' accepted, '3' rejected, '4' delivered, '5' closing, '6' paid, '7' on the way. */
export type LineStatus = '1' | '2' | '3' | '4' | '5' | '6' | '7';

export type TabLine = {
  id: number;
  order: number;
  fk_dish: number;
  dish_name: string;
  price: string;
  quantity: number;
  status: LineStatus;
  extra_commentary: string;
  diner_name: string;
  creation_date: string;
};

/** GET ordenes/lugar/{token}/: the table's shared tab. */
export type Tab = { fk_sit: number; i_name: string; fk_resto: number; lines: TabLine[]; total: string };

export type DinerOrderCreate = {
  diner_name: string;
  ordenes: { fk_dish: number; quantity: number; extra_commentary: string }[];
};
export type DinerOrderPublic = { order: number; lines: TabLine[]; total: string };

/** GET sit/lugar/{token}/: a place's public facts (floor). */
export type PlacePublic = {
  id: number;
  fk_resto: number;
  restaurant_name: string;
  i_name: string;
  sit_type: 'mesa' | 'silla' | 'delivery';
  fk_menu: number;
  menu_name: string;
  admin: boolean;
  blocked: boolean;
};

export type DeliveryCreate = {
  fk_resto: number;
  fk_menu: number;
  type_delivery: 1 | 2;
  status: '1';
  contact_info: { name: string; phone: string };
  address: string;
  ordenes: { fk_dish: number; name: string; quantity: number; extra_commentary: string; status: '1' }[];
  fk_delivery: string;
  cash_amount: string;
};
