import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/components/page-meta';
import { Loading } from '@/components/loading';
import { Shell } from './layouts/app-layout';
import { loadableFirst } from './loadable-first';
import { AppProvider } from './provider';

/**
 * The diner's entry (`menus.html`, src/diner-main.tsx): the page a phone opens cold from a table's
 * QR or a menu link, in the app's shell, under a plain `<BrowserRouter>`. It leaves out the app's
 * data router (app/router.tsx: createBrowserRouter, useBlocker, useMatches, scroll restoration,
 * every staff route), for which the phone's 150 KiB budget has no room. The page is the same
 * module the app routes to, with the same providers (Mantine, intl; the page mounts the one
 * QueryClient itself) and the same client (lib/api-client.ts).
 */
export const DinerMenu = loadableFirst(() => import('@/features/diner/components/diner-menu-page'));

/** The page and its title (the app's router takes it from the route: 'page.menus.title'). */
function MenuRoute() {
  useDocumentMeta({ title: 'page.menus.title' });
  return <DinerMenu />;
}

/** Any other path (a link out of the diner's page: the FAQ, the privacy policy): the app's own page. */
function ElsewhereInTheApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    // the link's own history entry is replaced by the app's page: Back returns to the menu
    window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return <Loading />;
}

export function DinerApp() {
  return (
    <AppProvider>
      <BrowserRouter>
        <Shell head={null}>
          <Routes>
            <Route path={paths.menus.path} element={<MenuRoute />} />
            <Route path="*" element={<ElsewhereInTheApp />} />
          </Routes>
        </Shell>
      </BrowserRouter>
    </AppProvider>
  );
}
