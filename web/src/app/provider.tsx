import { Suspense, lazy, type ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { I18nProvider } from '@/lib/i18n/messages';
import { DURATION, useToastsUsed } from '@/lib/notify';
import { theme } from './theme';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

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

/**
 * Placeholders in Mantine's grey 5 read at 2.1:1 on white; the dimmed grey reads at 5.8:1 (WCAG AA).
 * A field's error text in Mantine's red 6 reads at 3.3:1; red 9 at 5.5:1.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-dimmed)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

/** Mantine + i18n + toasts. React Query is provided per screen (components/with-query.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <I18nProvider>
        <Toasts />
        {children}
      </I18nProvider>
    </MantineProvider>
  );
}
