import type { components } from '@/types/api/billing';

export type { LinkState } from '@/lib/marketplace-link';
export type AuthorizationUrl = components['schemas']['AuthorizationUrl'];
export type AuthorizationInput = components['schemas']['AuthorizationCreate'];
