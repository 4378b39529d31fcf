import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthDialogsProvider } from '@/features/auth';
import { useSession } from '@/lib/session';
import { PageMeta } from '@/components/page-meta';
import { CookieNotice } from './cookie-notice';
import { Footer } from './footer';
import { TAB_PATHS, hasDrawer, hasTabs } from './nav-items';
import { SessionCheck } from './session-check';
import { TopBar } from './top-bar';
import { Loading } from '@/components/loading';

// Group-specific navigation loads only for the groups that use it.
const RestoTabs = lazy(() => import('./resto-tabs'));
const SideDrawer = lazy(() => import('./side-drawer'));

/** The shell every screen lives in, as the app's data router mounts it (app/router.tsx). */
export function AppLayout() {
  return (
    <Shell head={<><PageMeta /><ScrollRestoration /></>}>
      <Outlet />
    </Shell>
  );
}

/**
 * Top bar, restaurant tabs, page, footer, cookie notice, drawer: what both entries show around a
 * page. `head` is what needs the app's data router (the page's title from its route, the scroll
 * restoration); the diner's entry (app/diner-app.tsx) mounts it under a plain `<BrowserRouter>`.
 */
export function Shell({ head, children }: { head: ReactNode; children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  const showTabs = !!session.token && hasTabs(session.groups) && TAB_PATHS.includes(pathname);
  return (
    <AuthDialogsProvider>
      <SessionCheck />
      {head}
      <Box
        component="header"
        h={60}
        bg="white"
        style={{ position: 'sticky', top: 0, zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <TopBar drawerOpened={drawer} onBurger={() => setDrawer((o) => !o)} />
      </Box>
      <Box component="main" style={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100dvh - 60px)' }}>
        {showTabs && (
          <Suspense fallback={null}>
            <RestoTabs />
          </Suspense>
        )}
        <Box style={{ flex: 1 }}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </Box>
        <Footer />
      </Box>
      <CookieNotice />
      {!!session.token && hasDrawer(session.groups) && (
        <Suspense fallback={null}>
          <SideDrawer opened={drawer} onClose={() => setDrawer(false)} />
        </Suspense>
      )}
    </AuthDialogsProvider>
  );
}
