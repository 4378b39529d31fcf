import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { bellKeys, scope, type Notification } from './keys';

/** GET notificaciones/?size=10 : the newest ten, with their read mark. */
export async function getNotifications(restaurant: number | null): Promise<Notification[]> {
  const data = await unwrap(api.GET('/api/notificaciones/', { params: { query: { size: 10, ...scope(restaurant) } } }));
  return Array.isArray(data) ? data : data.results;
}

export const listQuery = (restaurant: number | null) =>
  queryOptions({ queryKey: bellKeys.list(restaurant), queryFn: () => getNotifications(restaurant) });
