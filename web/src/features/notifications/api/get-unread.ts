import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { bellKeys, scope } from './keys';

/** GET notificaciones/sin-leer/ : the badge. */
export async function getUnreadCount(restaurant: number | null): Promise<number> {
  const { count } = await unwrap(api.GET('/api/notificaciones/sin-leer/', { params: { query: scope(restaurant) } }));
  return count;
}

export const unreadQuery = (restaurant: number | null) =>
  queryOptions({ queryKey: bellKeys.unread(restaurant), queryFn: () => getUnreadCount(restaurant) });
