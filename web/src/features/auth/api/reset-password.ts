import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { RequestBody } from '@/lib/api-types';

export type PasswordResetRequest = RequestBody<'/api/auth/users/reset_password/', 'post'>;
export type PasswordResetConfirm = RequestBody<'/api/auth/users/reset_password_confirm/', 'post'>;
export type PasswordChange = RequestBody<'/api/auth/users/set_password/', 'post'>;

/** POST auth/users/reset_password/ {email, is_resto}: always 204. */
export function requestPasswordReset(body: PasswordResetRequest): Promise<unknown> {
  return unwrap(api.POST('/api/auth/users/reset_password/', { body }));
}

/** POST auth/users/reset_password_confirm/ {uid, token, new_password}. */
export function confirmPasswordReset(body: PasswordResetConfirm): Promise<unknown> {
  return unwrap(api.POST('/api/auth/users/reset_password_confirm/', { body }));
}

/** POST auth/users/set_password/ {current_password, new_password, new_password_confirm}. */
export function changePassword(body: PasswordChange): Promise<unknown> {
  return unwrap(api.POST('/api/auth/users/set_password/', { body }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
