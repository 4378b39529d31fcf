import { useEffect } from 'react';
import { sessionStore } from '@/lib/session';

/** Start-up session check when a token exists (10 s timeout); any failure logs out. */
export function SessionCheck() {
  useEffect(() => {
    const { token } = sessionStore.get();
    if (!token) return;
    let cancelled = false;
    // loaded only when there is a session to check: visitors skip the API client
    import('@/features/auth/api/check-authentication')
      .then(({ checkAuthentication }) => checkAuthentication())
      .then((user) => {
        if (cancelled || sessionStore.get().token !== token) return;
        sessionStore.confirm({
          id: user.id,
          username: user.username,
          groups: user.groups.map((g) => g.id),
          firstName: user.first_name ?? null,
        });
      })
      .catch(() => {
        if (!cancelled && sessionStore.get().token === token) sessionStore.clear();
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
