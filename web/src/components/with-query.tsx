import { Suspense, lazy, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';

const QueryProvider = lazy(() => import('@/lib/query'));

/** Mounts the shared QueryClient around a screen that fetches (loaded with that screen). */
export function WithQuery({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih={300}>
          <Loader role="status" aria-label="loading" />
        </Center>
      }
    >
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}
