import type { components } from '@/types/api/billing';

export type LinkState = components['schemas']['LinkState'];
export type AuthorizationUrl = components['schemas']['AuthorizationUrl'];
export type AuthorizationInput = components['schemas']['AuthorizationCreate'];

/** Query keys of the marketplace feature. */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  link: (restaurant: number) => [...marketplaceKeys.all, 'link', restaurant] as const,
};
