import type { components } from '@/types/api/identity';

export type Profile = components['schemas']['ProfilePublic'];

/** Query keys of the client's profile. */
export const profileKeys = { all: ['profile'] as const, me: () => [...profileKeys.all, 'me'] as const };
