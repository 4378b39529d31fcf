import { useEffect, useState, type ReactNode } from 'react';
import { useLocale, type Locale } from '@/lib/i18n/locale';
import { MessagesScope, type Catalog } from '@/lib/i18n/messages';

// Only the active language's catalog is downloaded; the toggle loads the other one.
const loaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  es: () => import('../locales/es.json'),
  en: () => import('../locales/en.json'),
};
const loaded: Partial<Record<Locale, Catalog>> = {};

export function loadDinerCatalog(locale: Locale): Promise<Catalog> {
  return loaders[locale]().then((m) => (loaded[locale] = m.default));
}

/** The diner screens' texts; renders once the active language's catalog is there. */
export function DinerMessages({ children }: { children: ReactNode }) {
  const [locale] = useLocale();
  const [, setReady] = useState(0);
  useEffect(() => {
    if (!loaded[locale]) void loadDinerCatalog(locale).then(() => setReady((n) => n + 1));
  }, [locale]);
  // while the other language loads, the one shown stays (the screen keeps its state)
  const catalog = loaded[locale] ?? loaded.es ?? loaded.en;
  if (!catalog) return null;
  return <MessagesScope catalogs={{ es: loaded.es ?? catalog, en: loaded.en ?? catalog }}>{children}</MessagesScope>;
}
