/**
 * Ordering wire shapes (services/ordering: order/schemas.py, table/schemas.py). Written by hand:
 * proto/openapi/ordering.json is still empty; replace with the generated ones after `npm run gen-api`.
 */
export type Status = '1' | '2' | '3' | '4' | '5' | '6' | '7';

export type Line = {
  id: number;
  order: number;
  fk_sit: number | null;
  sit_name: string;
  fk_dish: number;
  dish_name: string;
  price: string;
  quantity: number;
  status: Status;
  extra_commentary: string;
  diner_name: string;
  fk_delivery: number | null;
  fk_resto: number;
  creation_date: string;
  version: number;
  cash: boolean;
};

export type LinePage = { count: number; results: Line[] };

export type BoardTable = {
  fk_sit: number;
  i_name: string;
  sit_type: string;
  admin: boolean;
  status: Status | null;
  counts: Partial<Record<Status, number>>;
  newest_order_at: string | null;
  late: boolean;
  late_message: string | null;
};

/** Floor's place, for its position and the waiter call (floor's sit/ API; may be absent). */
export type FloorSit = {
  id: number;
  fk_menu: number;
  i_name: string;
  sit_type: string;
  x_axis: number;
  y_axis: number;
  w_width: number;
  h_high: number;
  call_waiter?: boolean;
  call_kind?: 'waiter' | 'bill' | null;
};

export type MenuDish = { pk: number; name: string; price: string; disable?: boolean };
export type Menu = { id: number; name: string };
