import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { RequestBody, ResponseBody } from '@/lib/api-types';

export type ClientCreate = RequestBody<'/api/cliente/', 'post'>;
export type RegisterResult = ResponseBody<'/api/cliente/', 'post'>;

/** POST cliente/ {fk_user: {first_name, email, password, password2}, acepta_terminos}. */
export function registerClient(body: ClientCreate): Promise<RegisterResult> {
  return unwrap(api.POST('/api/cliente/', { body }));
}

export function useRegisterClient() {
  return useMutation({ mutationFn: registerClient });
}
