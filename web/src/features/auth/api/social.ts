import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ResponseBody } from '@/lib/api-types';
import type { SocialProvider } from '@/config/paths';

export type SocialConfig = ResponseBody<'/api/login/social/config/', 'get'>;
export type SocialTokenUser = ResponseBody<'/api/login/social/token_user/{provider}/', 'post'>;

const STATE_KEY = 'social_state';
const REDIRECT_KEY = 'social_redirect_uri';

/** GET login/social/config/: where each provider's authorize page is. */
export function getSocialConfig(): Promise<SocialConfig> {
  return unwrap(api.GET('/api/login/social/config/', {}));
}

/** The provider's authorize URL (authorization-code flow), with a one-time state. */
export function buildAuthorizeUrl(provider: SocialProvider, config: SocialConfig): string {
  // keyed by provider name ('google-oauth2', 'facebook'), as the identity service answers
  const cfg = config[provider];
  if (!cfg) throw new Error(`no configuration for ${provider}`);
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, state);
  sessionStorage.setItem(REDIRECT_KEY, cfg.redirect_uri);
  const url = new URL(cfg.authorize_url, window.location.origin);
  url.searchParams.set('client_id', cfg.client_id);
  url.searchParams.set('redirect_uri', cfg.redirect_uri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  url.searchParams.set('scope', cfg.scope);
  return url.toString();
}

/** True once for the state this tab sent; protects the callback against forged redirects. */
export function consumeState(state: string | null): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return !!state && state === expected;
}

/** The redirect_uri sent to the provider (the code exchange must repeat it exactly). */
export function sentRedirectUri(fallback: string): string {
  return sessionStorage.getItem(REDIRECT_KEY) ?? fallback;
}

/** POST login/social/token_user/{provider}/ {code, redirect_uri}. */
export function exchangeSocialCode(provider: SocialProvider, code: string, redirectUri: string): Promise<SocialTokenUser> {
  return unwrap(
    api.POST('/api/login/social/token_user/{provider}/', {
      params: { path: { provider } },
      body: { code, redirect_uri: redirectUri },
    }),
  );
}

export function useSocialRedirect() {
  return useMutation({
    mutationFn: async (provider: SocialProvider) => {
      const config = await getSocialConfig();
      window.location.assign(buildAuthorizeUrl(provider, config));
    },
  });
}
