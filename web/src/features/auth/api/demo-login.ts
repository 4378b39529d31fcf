import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { TokenLogin } from './login';

/** POST auth/token/demo/: the seeded demo owner (the 'test user' login). */
export function demoLogin(): Promise<TokenLogin> {
  return unwrap(api.POST('/api/auth/token/demo/', {}));
}

export function useDemoLogin() {
  return useMutation({ mutationFn: demoLogin });
}
