import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { RequestBody } from '@/lib/api-types';

export type PasswordChange = RequestBody<'/api/auth/users/set_password/', 'post'>;

/** POST auth/users/set_password/ {current_password, new_password, new_password_confirm}: 204; every session ends. */
export function setPassword(body: PasswordChange): Promise<void> {
  return unwrap(api.POST('/api/auth/users/set_password/', { body })).then(() => undefined);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
