import type { components as Billing } from '@/types/api/billing';
import type { components as Catalog } from '@/types/api/catalog';
import type { components, operations } from '@/types/api/ordering';

/** A delivery or take-away order with its lines and derived fields (generated from ordering's OpenAPI). */
export type Delivery = components['schemas']['DeliveryPublic'];
export type DeliveryPage = components['schemas']['Page_DeliveryPublic_'];
export type DeliveryLine = Delivery['ordenes'][number];
export type DeliveryCreate = components['schemas']['DeliveryCreate'];
export type DeliveryUpdate = components['schemas']['DeliveryUpdate'];
export type DeliveryInfo = components['schemas']['DeliveryInfo'];
/** A line as `update-all/` answers it: its status and version after the move. */
export type MovedLine = components['schemas']['LinePublic'];
/** A line status ('1' new … '7' on the way). */
export type Status = components['schemas']['LineStatusUpdate']['status'];
/** A status to filter by, or '0' for all. */
export type DeliveryStatus = NonNullable<NonNullable<operations['listDeliveries']['parameters']['query']>['status_delivery']>;
export type DeliveryFilters = { status: DeliveryStatus; page: number; size: number };

/** An online payment's link for a delivery order (billing's checkout; `init_point` is the link). */
export type OnlineCheckout = Billing['schemas']['ChargePublic'];

/** The delivery menu's dishes and categories (catalog). */
export type MenuDish = Catalog['schemas']['DishPublic'];
export type MenuCategory = Catalog['schemas']['CategoryPublic'];

/**
 * Query keys of the delivery screen, per restaurant (hierarchical: a reconnection invalidates the
 * restaurant's prefix). A delivery's detail and its row in a page are the same answer
 * (`DeliveryPublic`): whichever is read updates the other (../live.ts).
 */
export const deliveryKeys = {
  all: ['delivery'] as const,
  restaurant: (restaurant: number) => [...deliveryKeys.all, restaurant] as const,
  lists: (restaurant: number) => [...deliveryKeys.restaurant(restaurant), 'list'] as const,
  list: (restaurant: number, filters: DeliveryFilters) => [...deliveryKeys.lists(restaurant), filters] as const,
  detail: (restaurant: number, id: number) => [...deliveryKeys.restaurant(restaurant), 'detail', id] as const,
  dishes: (restaurant: number) => [...deliveryKeys.restaurant(restaurant), 'dishes'] as const,
  categories: (restaurant: number) => [...deliveryKeys.restaurant(restaurant), 'categories'] as const,
  qr: (menu: number) => [...deliveryKeys.all, 'qr', menu] as const,
  /** the online payment link made for an order on this tablet (billing answers no list of them) */
  checkout: (restaurant: number, id: number) => [...deliveryKeys.restaurant(restaurant), 'checkout', id] as const,
};
