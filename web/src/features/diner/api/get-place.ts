import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi, unwrap } from '@/lib/api-client';
import { dinerKeys } from './keys';
import { dinerReads, firstRequest } from './query';
import type { PlacePublic } from './types';

/** GET sit/lugar/{token}/ (floor, anonymous): the place of a table's QR, its restaurant and menu. */
export function getPlace(token: string, signal?: AbortSignal): Promise<PlacePublic> {
  return unwrap(publicApi.GET('/api/sit/lugar/{token}/', { params: { path: { token } }, signal, middleware: [firstRequest] }));
}

export const placeQuery = (token: string) =>
  queryOptions({ queryKey: dinerKeys.place(token), queryFn: ({ signal }) => getPlace(token, signal), ...dinerReads });

export const usePlace = (token: string) => useQuery(placeQuery(token));
