import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { GROUP, homeForGroups } from '@/config/paths';
import { useShowServerErrors } from '@/lib/api-errors';
import { DURATION } from '@/lib/notify';
import { selectOperatorRestaurant } from '@/lib/my-restaurants';
import { sessionStore } from '@/lib/session';
import type { TokenLogin } from './api/login';

/**
 * Store the session and go to the group's home (spec part 1 §4 'Session'). An operator's
 * restaurant is loaded and selected first, then the operator lands on /ordenes.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (result: TokenLogin | { token: string; username: string; groups: number[]; id?: number; firstName?: string }) => {
    const data =
      'auth_token' in result
        ? {
            token: result.auth_token,
            username: result.user.username,
            groups: result.user.groups.map((g) => g.id),
            id: result.user.id,
            firstName: result.user.first_name,
          }
        : result;
    sessionStore.signIn(data);
    queryClient.removeQueries({ queryKey: ['auth'] });
    queryClient.removeQueries({ queryKey: ['restaurants'] });
    if (data.groups.includes(GROUP.operator) && !data.groups.includes(GROUP.owner)) {
      // a failure here leaves the selection to the screens (components/require-restaurant.tsx)
      await selectOperatorRestaurant().catch(() => false);
    }
    navigate(homeForGroups(data.groups), { replace: true });
  };
}

/** Login errors (spec part 1 §8): 400 → invalid credentials, 15 s; 429 → too many attempts. */
export function useShowLoginError() {
  return useShowServerErrors({
    title: 'errors.login.title',
    autoClose: DURATION.long,
    statuses: { 400: { text: 'errors.login.invalid' }, 401: { text: 'errors.unauthorized' }, 429: { text: 'errors.tooManyAttempts' } },
  });
}

/**
 * Registration errors (spec part 1 §8): each field error its own notification, 7 s, as the
 * server sent it (its texts are the spec's, localized by Accept-Language); a username clash reads
 * as the username message (restaurant registration: the e-mail message); nombre_local errors are
 * a registration error about the local name, 15 s.
 */
export function useShowRegistrationErrors(kind: 'client' | 'restaurant') {
  return useShowServerErrors({
    title: 'errors.register.title',
    statuses: { 429: { text: 'errors.tooManyAttempts' } },
    fields: {
      username: { text: kind === 'restaurant' ? 'errors.register.email' : 'errors.register.username' },
      nombre_local: { title: 'errors.register.localName', autoClose: DURATION.long },
    },
  });
}

/** Password reset / change errors, 7 s: a bad link and a wrong current password by field. */
export function useShowPasswordErrors() {
  return useShowServerErrors({
    title: 'errors.password.title',
    statuses: { 429: { text: 'errors.tooManyAttempts' } },
    fields: {
      token: { text: 'errors.password.invalidLink' },
      uid: { text: 'errors.password.invalidLink' },
      current_password: { text: 'errors.password.current' },
    },
  });
}

export const CLIENT_GROUPS = [GROUP.client];
export const OWNER_GROUPS = [GROUP.owner];
