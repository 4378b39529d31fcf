import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { marketplaceKeys, type LinkState } from './keys';

/** POST restaurant-atributes/obtener-estado-mp/ {fk_resto}: whether the restaurant is linked (a read). */
export function getLinkState(restaurant: number): Promise<LinkState> {
  return unwrap(api.POST('/api/restaurant-atributes/obtener-estado-mp/', { body: { fk_resto: restaurant } }));
}

export const linkStateQuery = (restaurant: number) =>
  queryOptions({ queryKey: marketplaceKeys.link(restaurant), queryFn: () => getLinkState(restaurant) });

/** The link state of a restaurant; nothing is asked without one. */
export const useLinkState = (restaurant: number | null | undefined) =>
  useQuery({ ...linkStateQuery(restaurant ?? 0), enabled: !!restaurant });
