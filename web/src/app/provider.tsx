import { type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@/lib/i18n/messages';
import { DURATION } from '@/lib/notify';
import { theme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // spec: failed loads are silently swallowed; screens show their empty state
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <Notifications position="top-left" className="app-notifications" autoClose={DURATION.default} limit={6} />
          {children}
        </I18nProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
