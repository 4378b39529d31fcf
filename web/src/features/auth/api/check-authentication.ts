import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ResponseBody } from '@/lib/api-types';
import { useSession } from '@/lib/session';

export type SessionUser = ResponseBody<'/api/token-auth/check-authentication/', 'post'>;

/** Spec part 1 §9: the session check times out after 10 s. */
export const SESSION_CHECK_TIMEOUT_MS = 10_000;

export const authKeys = {
  all: ['auth'] as const,
  me: (token: string | null) => [...authKeys.all, 'me', token] as const,
};

/** POST token-auth/check-authentication/: 200 with the user for a live token, 401 otherwise. */
export function checkAuthentication(): Promise<SessionUser> {
  return unwrap(
    api.POST('/api/token-auth/check-authentication/', { signal: AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS) }),
  );
}

export function currentUserQuery(token: string | null) {
  return queryOptions({
    queryKey: authKeys.me(token),
    queryFn: checkAuthentication,
    enabled: !!token,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCurrentUser() {
  const { token } = useSession();
  return useQuery(currentUserQuery(token));
}
