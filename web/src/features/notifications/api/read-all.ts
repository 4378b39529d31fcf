import { api, unwrap } from '@/lib/api-client';
import { scope } from './keys';

/** POST notificaciones/leer-todas/ (204): every notification of the scope is read. */
export function readAll(restaurant: number | null): Promise<void> {
  return unwrap(api.POST('/api/notificaciones/leer-todas/', { params: { query: scope(restaurant) } })).then(() => undefined);
}
