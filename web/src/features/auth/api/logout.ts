import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';
import { sessionStore } from '@/lib/session';
import { paths } from '@/config/paths';

/** POST auth/token/logout/ (revokes the token); failures don't keep the user logged in. */
export async function logout(): Promise<void> {
  try {
    await api.POST('/api/auth/token/logout/', {});
  } catch {
    /* offline: forget the token locally anyway */
  }
}

/** Logout: clear local storage (the device's choices stay), go to '/', goodbye toast. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  return async () => {
    await logout();
    sessionStore.clear();
    queryClient.clear();
    navigate(paths.home.path);
    notify('success', t('auth.logout.goodbye'));
  };
}
