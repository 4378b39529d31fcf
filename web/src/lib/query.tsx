import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The one QueryClient. Its provider is mounted by the screens that fetch (see
 * components/with-query.tsx), so that the landing page does not download react-query.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // spec: failed loads are silently swallowed; screens show their empty state
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
