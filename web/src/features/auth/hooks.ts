import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { GROUP, homeForGroups } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { flattenErrors, passwordMessageId, registrationMessageId } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';
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
  const t = useT();
  return (error: unknown) => {
    const title = t('errors.login.title');
    if (error instanceof ApiError && error.status === 429) {
      notify('error', t('errors.tooManyAttempts'), { title, autoClose: DURATION.long });
    } else if (error instanceof ApiError && error.status === 400) {
      notify('error', t('errors.login.invalid'), { title, autoClose: DURATION.long });
    } else if (error instanceof ApiError && error.status === 401) {
      notify('error', t('errors.unauthorized'), { title, autoClose: DURATION.long });
    } else {
      notify('error', t('errors.network'), { title, autoClose: DURATION.long });
    }
  };
}

/**
 * Registration errors (spec part 1 §8): each field error as its own notification, 7 s;
 * known texts mapped to localized messages, others shown as the server sent them (already
 * localized by Accept-Language). nombre_local errors: registration error about the name, 15 s.
 */
export function useShowRegistrationErrors(kind: 'client' | 'restaurant') {
  const t = useT();
  return (error: unknown) => {
    if (!(error instanceof ApiError) || error.status >= 500 || error.body == null) {
      notify('error', t('errors.network'), { title: t('errors.register.title'), autoClose: DURATION.form });
      return;
    }
    if (error.status === 429) {
      notify('error', t('errors.tooManyAttempts'), { title: t('errors.register.title'), autoClose: DURATION.form });
      return;
    }
    for (const fe of flattenErrors(error.body)) {
      if (fe.field.endsWith('nombre_local')) {
        notify('error', fe.message, { title: t('errors.register.localName'), autoClose: DURATION.long });
        continue;
      }
      const id = registrationMessageId(fe, kind);
      notify('error', id ? t(id) : fe.message, { title: t('errors.register.title'), autoClose: DURATION.form });
    }
  };
}

/** Password reset / change errors: mapped texts, 7 s. */
export function useShowPasswordErrors() {
  const t = useT();
  return (error: unknown) => {
    if (!(error instanceof ApiError) || error.body == null) {
      notify('error', t('errors.network'), { title: t('errors.password.title'), autoClose: DURATION.form });
      return;
    }
    for (const fe of flattenErrors(error.body)) {
      const field = fe.field.split('.').pop();
      const id =
        field === 'token' || field === 'uid'
          ? 'errors.password.invalidLink'
          : field === 'current_password'
            ? 'errors.password.current'
            : passwordMessageId(fe.message);
      notify('error', id ? t(id) : fe.message, { title: t('errors.password.title'), autoClose: DURATION.form });
    }
  };
}

export const CLIENT_GROUPS = [GROUP.client];
export const OWNER_GROUPS = [GROUP.owner];
