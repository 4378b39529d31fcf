import { placePath } from './first-request';
import { request } from './http';
import { dinerKeys } from './keys';
import { prefetch, useResource } from './resource';
import type { PlacePublic } from './types';

/** GET sit/lugar/{token}/ (floor, anonymous): the place of a table's QR, its restaurant and menu. */
export function getPlace(token: string): Promise<PlacePublic> {
  return request<PlacePublic>('GET', placePath(token));
}

export function usePlace(token: string | null) {
  return useResource(dinerKeys.place(token ?? ''), () => getPlace(token ?? ''), !!token);
}

export const prefetchPlace = (token: string) => prefetch(dinerKeys.place(token), () => getPlace(token));
