import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/types/api/billing';
import { api, unwrap } from './api-client';

export type LinkState = components['schemas']['LinkState'];

/**
 * Whether a restaurant is linked to its MercadoPago account is one resource that several places
 * show (the owner's 'Vincular MercadoPago' tab, the link screen, the delivery screen's online
 * payment link): one key, so a link made on one screen shows on the others at once.
 */
export const linkKeys = {
  all: ['marketplace-link'] as const,
  of: (restaurant: number) => [...linkKeys.all, restaurant] as const,
};

/** POST restaurant-atributes/obtener-estado-mp/ {fk_resto} (billing): the link state (a read). */
export function getLinkState(restaurant: number): Promise<LinkState> {
  return unwrap(api.POST('/api/restaurant-atributes/obtener-estado-mp/', { body: { fk_resto: restaurant } }));
}

export const linkStateQuery = (restaurant: number) => queryOptions({ queryKey: linkKeys.of(restaurant), queryFn: () => getLinkState(restaurant) });

/** The link state of a restaurant; nothing is asked without one. */
export const useLinkState = (restaurant: number | null | undefined) => useQuery({ ...linkStateQuery(restaurant ?? 0), enabled: !!restaurant });
