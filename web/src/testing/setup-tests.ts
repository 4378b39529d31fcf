import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadCatalog } from '@/lib/i18n/messages';
import { queryClient } from '@/lib/query';
import { server } from './server';

export { server };

// lazy route chunks are transformed on first use: allow for a cold start
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine measures with. The tests' device prefers reduced motion: the theme
// (respectReducedMotion) then opens and closes dialogs, menus and toasts without waiting out their
// transitions in real time (theme.test.tsx checks both answers on its own).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

beforeAll(async () => {
  // a worker runs several files in one jsdom (isolate: false): each starts as a fresh page would
  localStorage.clear();
  sessionStorage.clear();
  server.listen({ onUnhandledFrame: 'error' });
  await Promise.all([loadCatalog('es'), loadCatalog('en')]);
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
