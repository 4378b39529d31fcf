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
const listeners = new Set<() => void>();

export const localeStore = {
  get: () => current,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  set(locale: Locale) {
    write(KEYS.locale, locale);
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

export function useLocale(): [Locale, (l: Locale) => void] {
  const locale = useSyncExternalStore(localeStore.subscribe, localeStore.get, localeStore.get);
  return [locale, localeStore.set];
}
