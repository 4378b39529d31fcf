import { RESTAURANT_TIME_ZONE } from '@/types/api/constants';
import type { Locale } from './locale';

// one formatter per language: building one costs far more than using it (a menu prices 150 dishes)
const priceFormats: Partial<Record<Locale, Intl.NumberFormat>> = {};

/** Prices: Argentine pesos in Spanish, dollars in English, 2 decimals. */
export function formatPrice(amount: number | string, locale: Locale): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  priceFormats[locale] ??= new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en-US', {
    style: 'currency',
    currency: locale === 'es' ? 'ARS' : 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return priceFormats[locale].format(value);
}

/** Dates: dd/mm/yyyy in Spanish, mm/dd/yyyy in English. */
export function formatDate(date: Date | string, locale: Locale): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  const dd = String(d.getDate()).padStart(2, '0');
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const yyyy = d.getFullYear();
  return locale === 'es' ? `${dd}/${mm}/${yyyy}` : `${mm}/${dd}/${yyyy}`;
}

/**
 * The restaurants' time zone, the services' one setting (kit.localtime, `restaurant_timezone`),
 * defined once in proto/contracts/restaurant.py: a restaurant's day is Buenos Aires's, whatever the
 * device's clock is set to.
 */
export { RESTAURANT_TIME_ZONE };
let dayParts: Intl.DateTimeFormat | undefined;

/** The restaurant's day `moment` falls on, y-m-d: 22:00 in Buenos Aires is that day, though the next in UTC. */
export function restaurantDay(moment: Date = new Date()): string {
  dayParts ??= new Intl.DateTimeFormat('en-US', { timeZone: RESTAURANT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const part = Object.fromEntries(dayParts.formatToParts(moment).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}`;
}
