import { useMutation, useQueryClient } from '@tanstack/react-query';
import { floorFetch } from './client';
import { floorKeys } from './keys';
import type { Sit } from './types';

/** POST sit/{id}/nuevo-qr/ : a new token for a lost or copied sticker; the old code stops working. */
export function renewCode(id: number): Promise<Sit> {
  return floorFetch<Sit>('POST', `/api/sit/${id}/nuevo-qr/`);
}

export function useRenewCode(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: renewCode, onSuccess: () => qc.invalidateQueries({ queryKey: floorKeys.sits(restaurant) }) });
}
