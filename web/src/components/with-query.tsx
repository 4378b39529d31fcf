import { Suspense, lazy, type ReactNode } from 'react';
import { Loading } from './loading';

const QueryProvider = lazy(() => import('@/lib/query'));

/** Mounts the shared QueryClient around a screen that fetches (loaded with that screen). */
export function WithQuery({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loading />}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}
