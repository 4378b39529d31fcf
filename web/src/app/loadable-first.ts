import { createElement, lazy, type ComponentType } from 'react';

/**
 * A lazy page that can also be loaded before the app's first render, for the screen a phone opens
 * cold (the diner's menu from a QR): it then renders at once, without the loading frame that React
 * holds for at least 300 ms. The module may export `prepare` (what it needs before showing).
 * Used by both entries: the app's router (app/router.tsx) and the diner's (app/diner-app.tsx).
 */
export function loadableFirst(load: () => Promise<{ default: ComponentType; prepare?: () => Promise<unknown> }>) {
  let loaded: ComponentType | null = null;
  const preload = () => load().then(async (m) => {
    await m.prepare?.();
    loaded = m.default;
  });
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Page = () => (loaded ? createElement(loaded) : createElement(Lazy));
  return Object.assign(Page, { preload });
}
