import { Suspense, lazy, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@/lib/i18n/messages';
import { DURATION, useToastsUsed } from '@/lib/notify';
import { theme } from './theme';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // spec: failed loads are silently swallowed; screens show their empty state
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Toasts: top left, 50% wide (100% on small screens, global.css). */
function Toasts() {
  const used = useToastsUsed();
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-left" className="app-notifications" autoClose={DURATION.default} limit={6} />
    </Suspense>
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <Toasts />
          {children}
        </I18nProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
