import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { RequestBody, ResponseBody } from '@/lib/api-types';

export type LoginInput = RequestBody<'/api/auth/token/login/', 'post'>;
export type TokenLogin = ResponseBody<'/api/auth/token/login/', 'post'>;

/** POST auth/token/login/ (username or e-mail + password). */
export function login(body: LoginInput): Promise<TokenLogin> {
  return unwrap(api.POST('/api/auth/token/login/', { body }));
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
