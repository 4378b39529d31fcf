import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { AuthorizationUrl } from './keys';

/** GET autorizacion/url/?fk_resto: the provider's authorization page, with this attempt's `state`. */
export function getAuthorizationUrl(restaurant: number): Promise<AuthorizationUrl> {
  return unwrap(api.GET('/api/autorizacion/url/', { params: { query: { fk_resto: restaurant } } }));
}

/**
 * Asked when the owner presses the button, not when the screen opens: each answer starts an
 * attempt at the provider (its `state` is good once, for minutes).
 */
export const useAuthorizationUrl = () => useMutation({ mutationFn: getAuthorizationUrl });

/** Leaves the app for the provider's page (the tests' seam: jsdom cannot leave). */
export const browser = { assign: (url: string) => window.location.assign(url) };
