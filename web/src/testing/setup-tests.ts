import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadCatalog } from '@/lib/i18n/messages';
import { queryClient } from '@/lib/query';
import { handlers } from './handlers';

export const server = setupServer(...handlers);

// lazy route chunks are transformed on first use: allow for a cold start
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine measures with
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
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
afterAll(() => server.close());
