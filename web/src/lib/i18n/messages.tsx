import { type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import es from '@/locales/es.json';
import en from '@/locales/en.json';
import { useLocale, type Locale } from './locale';

export type Catalog = Record<string, string>;
export type Catalogs = Record<Locale, Catalog>;

const appCatalogs: Catalogs = { es, en };

/** The app-wide catalogs; pages with long texts add their own with <MessagesScope>. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale] = useLocale();
  return (
    <IntlProvider locale={locale} messages={appCatalogs[locale]} defaultLocale="es">
      {children}
    </IntlProvider>
  );
}

/** Adds a feature's catalogs (loaded with its route chunk) on top of the app's. */
export function MessagesScope({ catalogs, children }: { catalogs: Catalogs; children: ReactNode }) {
  const [locale] = useLocale();
  return (
    <IntlProvider locale={locale} messages={{ ...appCatalogs[locale], ...catalogs[locale] }} defaultLocale="es">
      {children}
    </IntlProvider>
  );
}

/** `t('id', values)`: every id must exist in both catalogs (scripts/check-i18n.mjs). */
export function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number | Date>) => intl.formatMessage({ id }, values);
}
