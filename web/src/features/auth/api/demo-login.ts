import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ResponseBody } from '@/lib/api-types';
import type { TokenLogin } from './login';

export type DemoLoginState = ResponseBody<'/api/auth/token/demo/', 'get'>;

/** POST auth/token/demo/: the seeded demo owner (the 'test user' login). */
export function demoLogin(): Promise<TokenLogin> {
  return unwrap(api.POST('/api/auth/token/demo/', {}));
}

export function useDemoLogin() {
  return useMutation({ mutationFn: demoLogin });
}

/** GET auth/token/demo/: whether this deployment has the demo login (identity's DEMO_LOGIN_ENABLED). */
export function getDemoLoginState(): Promise<DemoLoginState> {
  return unwrap(api.GET('/api/auth/token/demo/', {}));
}

// A deployment's setting: asked once per page load, and a failure is taken as 'off'.
export const demoLoginStateQuery = queryOptions({
  queryKey: ['demo-login'] as const,
  queryFn: getDemoLoginState,
  staleTime: Infinity,
  retry: false,
});

/** True only once identity said the demo login is on; the button stays hidden until then. */
export function useDemoLoginEnabled(): boolean {
  return useQuery(demoLoginStateQuery).data?.enabled === true;
}
