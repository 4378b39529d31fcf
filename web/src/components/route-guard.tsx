import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { decideAccess, paths, type Access } from '@/config/paths';
import { useSession } from '@/lib/session';
import { Loading } from './loading';

/** Applies a route's access rule: visitor → '/', wrong group → '/403'. */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const decision = decideAccess(access, session);
  if (decision === 'to-home') return <Navigate to={paths.home.path} replace />;
  if (decision === 'to-403') return <Navigate to={paths.forbidden.path} replace />;
  if (access !== 'public' && session.status === 'checking') {
    return <Loading />;
  }
  return <>{children}</>;
}
