/**
 * Floor wire shapes (spec part 1 §3 'Location (sit)', part 2 §3 'Sit').
 *
 * Written by hand: proto/openapi/floor.json only has the menu's QR so far (the `sit/` API is
 * served by services/floor, see its README). When it lands, `npm run gen-api` and replace these.
 */
export type SitType = 'mesa' | 'silla' | 'delivery';

export type Sit = {
  id: number;
  fk_resto: number;
  fk_menu: number;
  menu_name?: string;
  i_name: string;
  sit_type: SitType;
  x_axis: number;
  y_axis: number;
  w_width: number;
  h_high: number;
  blocked: boolean;
  resizable?: boolean;
  static?: boolean;
  details?: string;
  admin?: boolean;
  call_waiter?: boolean;
  /** Open orders on it: it cannot be removed. */
  is_active?: boolean;
  /** The diner URL the code opens (built from the place's random token). */
  qr?: string;
  /** Link to the place's QR as a PNG. */
  qr_code?: string;
};

/** What create and update send: a place without the server's own fields. */
export type SitInput = Pick<Sit, 'fk_resto' | 'fk_menu' | 'i_name' | 'sit_type' | 'x_axis' | 'y_axis' | 'w_width' | 'h_high' | 'blocked'> & {
  id?: number;
  details: string;
  admin: boolean;
};

export type Menu = { id: number; name: string; restaurant: number };
