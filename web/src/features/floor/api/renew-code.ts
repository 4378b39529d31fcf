import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { placesKeys } from '@/lib/places';
import type { Sit } from './types';

/** POST sit/{id}/nuevo-qr/ : a new token for a lost or copied sticker; the old code stops working. */
export function renewCode(id: number): Promise<Sit> {
  return unwrap(api.POST('/api/sit/{place_id}/nuevo-qr/', { params: { path: { place_id: id } } }));
}

export function useRenewCode(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: renewCode, onSuccess: () => qc.invalidateQueries({ queryKey: placesKeys.list(restaurant) }) });
}
