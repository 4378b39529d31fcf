import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { localeStore } from '@/lib/i18n/locale';
import { sessionStore } from '@/lib/session';
import { KEYS } from '@/lib/storage';

type As = 'visitor' | 'owner' | 'admin' | 'client' | 'operator';
const GROUPS: Record<Exclude<As, 'visitor'>, number> = { admin: 1, owner: 2, client: 3, operator: 4 };

/** Seed local storage as the app leaves it after a login. */
export function seedSession(as: As, token?: string) {
  const consent = localStorage.getItem(KEYS.cookieAccepted);
  localStorage.clear();
  if (consent) localStorage.setItem(KEYS.cookieAccepted, consent);
  if (as !== 'visitor') {
    localStorage.setItem(KEYS.token, token ?? `tok-${as}`);
    localStorage.setItem(KEYS.user, `${as}@example.com`);
    localStorage.setItem(KEYS.groups, JSON.stringify([GROUPS[as]]));
  }
  sessionStore.reload();
}

/** Render the real route table at `path`, as `as`, in `locale`. */
export function renderApp(path: string, opts: { as?: As; locale?: 'es' | 'en'; token?: string } = {}) {
  seedSession(opts.as ?? 'visitor', opts.token);
  localStorage.setItem(KEYS.locale, opts.locale ?? 'es');
  localeStore.reset();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const utils = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router };
}
