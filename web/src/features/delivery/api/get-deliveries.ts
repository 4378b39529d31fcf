import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { localeStore } from '@/lib/i18n/locale';
import { sessionStore } from '@/lib/session';
import { type DeliveryFilters, deliveryKeys } from './keys';

/** Delivery list page size (spec part 2 §9). */
export const DELIVERY_PAGE_SIZE = 10;

// ordering's OpenAPI document is not in proto/openapi yet; this mirrors
// services/ordering/ordering/delivery/schemas.py DeliveryPublic until `npm run gen-api` can.
export type DeliveryLine = { id: number; dish_name: string; quantity: number; price: string; status: string; extra_commentary: string };
export type Delivery = {
  id: number;
  fk_resto: number;
  type_delivery: number;
  contact_info: { name: string; phone: string };
  address: string;
  fk_delivery: string | null;
  status: string | null;
  total_amount: string;
  order_total: string;
  cash_amount: string | null;
  creation_date: string;
  ordenes: DeliveryLine[];
};
export type DeliveryPage = { count: number; results: Delivery[] };

/** GET delivery/?fk_resto=&status_delivery=&page=&size= : newest first, with the derived status. */
export async function getDeliveries({ restaurant, status, page }: DeliveryFilters): Promise<DeliveryPage> {
  const query = new URLSearchParams({ fk_resto: String(restaurant), page: String(page), size: String(DELIVERY_PAGE_SIZE) });
  if (status !== '0') query.set('status_delivery', status);
  const { token } = sessionStore.get();
  const res = await fetch(new URL(`/api/delivery/?${query}`, window.location.origin), {
    headers: { 'Accept-Language': localeStore.get(), ...(token ? { Authorization: `Token ${token}` } : {}) },
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body);
  return body as DeliveryPage;
}

export const deliveriesQuery = (filters: DeliveryFilters) =>
  queryOptions({
    queryKey: deliveryKeys.list(filters),
    queryFn: () => getDeliveries(filters),
    placeholderData: keepPreviousData,
    // new WhatsApp orders arrive without anyone on this screen acting: look again now and then
    // (the staff socket's new_delivery message can replace this once the board's client exists)
    refetchInterval: 10_000,
  });

export function useDeliveries(filters: DeliveryFilters) {
  return useQuery(deliveriesQuery(filters));
}
