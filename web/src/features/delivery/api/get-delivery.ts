import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { type Delivery, deliveryKeys } from './keys';

/** GET delivery/{id}/?fk_resto= : one delivery as the list shows it (a foreign one is a 404). */
export function getDelivery(restaurant: number, id: number): Promise<Delivery> {
  return unwrap(api.GET('/api/delivery/{delivery_id}/', { params: { path: { delivery_id: id }, query: { fk_resto: restaurant } } }));
}

/** The detail dialog's delivery; filled from the page it was opened on, read again only by ../live.ts. */
export const deliveryQuery = (restaurant: number, id: number) =>
  queryOptions({ queryKey: deliveryKeys.detail(restaurant, id), queryFn: () => getDelivery(restaurant, id), staleTime: Infinity });
