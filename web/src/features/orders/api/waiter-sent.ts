import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { placesKeys, type Place } from '@/lib/places';

/** POST sit/{id}/mozo-enviado/ (floor): staff answered the call; answers the place, its call cleared. */
export function waiterSent(place: number): Promise<Place> {
  return unwrap(api.POST('/api/sit/{place_id}/mozo-enviado/', { params: { path: { place_id: place } } }));
}

/** The answer is the place as it now is: written where the places are kept, so its echo costs nothing. */
export function useWaiterSent(restaurant: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: waiterSent,
    onSuccess: (place) => qc.setQueryData<Place[]>(placesKeys.list(restaurant), (places) => places?.map((p) => (p.id === place.id ? place : p))),
  });
}
