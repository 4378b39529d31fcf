import { useSyncExternalStore } from 'react';
import { KEYS, read, write } from '../storage';

export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Stored setting first, otherwise the browser language (es, en); Spanish by default. */
export function detectLocale(): Locale {
  const stored = read(KEYS.locale);
  if (stored === 'es' || stored === 'en') return stored;
  const langs = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  for (const lang of langs) {
    const base = lang?.slice(0, 2).toLowerCase();
    if (base === 'es' || base === 'en') return base;
  }
  return 'es';
}

let current: Locale = detectLocale();
let beforeChange: ((l: Locale) => Promise<unknown>) | null = null;

/** Lets the i18n layer load a catalog before the switch (avoids an import cycle). */
export function onBeforeLocaleChange(fn: (l: Locale) => Promise<unknown>) {
  beforeChange = fn;
}
const listeners = new Set<() => void>();

export const localeStore = {
  get: () => current,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Stores the choice; listeners run once the language's catalog is loaded. */
  async set(locale: Locale) {
    write(KEYS.locale, locale);
    if (beforeChange) await beforeChange(locale);
    current = locale;
    document.documentElement.lang = locale;
    for (const l of listeners) l();
  },
  /** Re-detect (tests). */
  reset() {
    current = detectLocale();
    for (const l of listeners) l();
  },
};

export function useLocale(): [Locale, (l: Locale) => Promise<void>] {
  const locale = useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get);
  return [locale, localeStore.set];
}
