import { type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { onBeforeLocaleChange, useLocale, type Locale } from './locale';

/** A catalog: message id → text (precompiled to ICU AST at build time, see vite.config.ts). */
export type Catalog = Record<string, string>;
export type Catalogs = Record<Locale, Catalog>;

// Only the active language's app catalog is downloaded; switching loads the other one.
const loaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  es: () => import('@/locales/es.json'),
  en: () => import('@/locales/en.json'),
};
const loaded: Partial<Record<Locale, Catalog>> = {};

export async function loadCatalog(locale: Locale): Promise<Catalog> {
  loaded[locale] ??= (await loaders[locale]()).default;
  return loaded[locale];
}

onBeforeLocaleChange(loadCatalog);

export function getCatalog(locale: Locale): Catalog | undefined {
  return loaded[locale];
}

/** The app-wide catalog; pages with long texts add their own with <MessagesScope>. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale] = useLocale();
  return (
    <IntlProvider locale={locale} messages={loaded[locale]} defaultLocale="es">
      {children}
    </IntlProvider>
  );
}

/**
 * Adds a feature's catalogs (loaded with its route chunk) on top of the enclosing ones: the app's,
 * and a feature's own when a part of it loaded later brings more (the diner's online payment).
 */
export function MessagesScope({ catalogs, children }: { catalogs: Catalogs; children: ReactNode }) {
  const [locale] = useLocale();
  // the enclosing provider's texts, of the same kind as ours (precompiled in a build, text in tests)
  const enclosing = useIntl().messages as Catalog;
  return (
    <IntlProvider locale={locale} messages={{ ...loaded[locale], ...enclosing, ...catalogs[locale] }} defaultLocale="es">
      {children}
    </IntlProvider>
  );
}

/** `t('id', values)`: every id must exist in both catalogs (scripts/check-i18n.mjs). */
export function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number | Date>) => intl.formatMessage({ id }, values);
}
