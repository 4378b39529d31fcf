import { publicMenuPath } from './first-request';
import { DinerHttpError, request } from './http';
import { dinerKeys } from './keys';
import { prefetch, useResource } from './resource';
import type { PublicMenu } from './types';

/** GET public-menu/?menu= : the menu diners see; null when missing or empty ('Menu no encontrado'). */
export async function getPublicMenu(menuId: number): Promise<PublicMenu | null> {
  try {
    return await request<PublicMenu>('GET', publicMenuPath(menuId));
  } catch (err) {
    if (err instanceof DinerHttpError && (err.status === 404 || err.status === 422)) return null;
    throw err;
  }
}

export function usePublicMenu(menuId: number | null) {
  return useResource(dinerKeys.menu(menuId ?? 0), () => getPublicMenu(menuId ?? 0), menuId != null);
}

export const prefetchPublicMenu = (menuId: number) => prefetch(dinerKeys.menu(menuId), () => getPublicMenu(menuId));
