import { useEffect, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { homeForGroups } from '@/config/paths';
import { useSession } from '@/lib/session';
import { clearExcept } from '@/lib/storage';

/**
 * '/', '/index' and '/resto': a logged-in user goes to the group's home; a visitor gets the page,
 * with local storage cleared (the device's choices stay: storage.ts DEVICE_KEYS).
 */
export function HomeRoute({ landing: Landing }: { landing: ComponentType }) {
  const session = useSession();
  const loggedIn = !!session.token;
  useEffect(() => {
    if (!loggedIn) clearExcept();
  }, [loggedIn]);
  if (loggedIn) return <Navigate to={homeForGroups(session.groups)} replace />;
  return <Landing />;
}
