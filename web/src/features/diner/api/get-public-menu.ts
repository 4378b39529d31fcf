import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { dinerReads, firstRequest } from './query';
import type { PublicMenu } from './types';

/** GET public-menu/?menu= : the menu diners see; null when missing or empty ('Menu no encontrado'). */
export async function getPublicMenu(menuId: number, signal?: AbortSignal): Promise<PublicMenu | null> {
  try {
    return await unwrap(publicApi.GET('/api/public-menu/', { params: { query: { menu: menuId } }, signal, middleware: [firstRequest] }));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  }
}

export const publicMenuQuery = (menuId: number) =>
  queryOptions({ queryKey: dinerKeys.menu(menuId), queryFn: ({ signal }) => getPublicMenu(menuId, signal), ...dinerReads });

export function usePublicMenu(menuId: number | null) {
  return useQuery({ ...publicMenuQuery(menuId ?? 0), enabled: menuId != null });
}
