import type { components, operations } from '@/types/api/ordering';

/** A delivery or take-away order with its lines and the derived status (generated from ordering's OpenAPI). */
export type Delivery = components['schemas']['DeliveryPublic'];
export type DeliveryPage = components['schemas']['Page_DeliveryPublic_'];
/** A status to filter by, or '0' for all. */
export type DeliveryStatus = NonNullable<NonNullable<operations['listDeliveries']['parameters']['query']>['status_delivery']> | '0';
export type DeliveryFilters = { restaurant: number; status: DeliveryStatus; page: number };

/** Query keys of the delivery screen (hierarchical: a refresh invalidates by prefix). */
export const deliveryKeys = {
  all: ['delivery'] as const,
  list: (filters: DeliveryFilters) => [...deliveryKeys.all, 'list', filters] as const,
};
