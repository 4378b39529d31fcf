import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { localeStore } from '@/lib/i18n/locale';
import { sessionStore } from '@/lib/session';
import type { LiveMessage } from './socket';

/** The bell's calls (not in proto/openapi/notifications.json yet): Token and Accept-Language. */
async function call<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const headers = new Headers({ 'Accept-Language': localeStore.get() });
  const { token } = sessionStore.get();
  if (token) headers.set('Authorization', `Token ${token}`);
  const res = await globalThis.fetch(new URL(path, window.location.origin), { method, headers });
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

const scope = (restaurant: number | null) => (restaurant ? `fk_resto=${restaurant}` : '');

export const bellKeys = {
  all: ['bell'] as const,
  unread: (restaurant: number | null) => ['bell', 'unread', restaurant] as const,
  list: (restaurant: number | null) => ['bell', 'list', restaurant] as const,
};

/** GET notificaciones/sin-leer/ : the badge. */
export const unreadQuery = (restaurant: number | null) =>
  queryOptions({
    queryKey: bellKeys.unread(restaurant),
    queryFn: () => call<{ count: number }>('GET', `/api/notificaciones/sin-leer/?${scope(restaurant)}`).then((d) => d.count),
  });

/** GET notificaciones/ : the newest ten, with their read mark. */
export const listQuery = (restaurant: number | null) =>
  queryOptions({
    queryKey: bellKeys.list(restaurant),
    queryFn: () =>
      call<{ count: number; results: (LiveMessage & { read: boolean })[] }>('GET', `/api/notificaciones/?size=10&${scope(restaurant)}`).then((d) => d.results),
  });

/** POST notificaciones/leer-todas/ */
export const readAll = (restaurant: number | null) => call<null>('POST', `/api/notificaciones/leer-todas/?${scope(restaurant)}`);
