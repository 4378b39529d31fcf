import type { Locale } from '@/lib/i18n/locale';
import { formatDate } from '@/lib/i18n/format';
import type { Delivery } from '../api/keys';

/** The order's number as the diner's WhatsApp message says it (#123456), else its id. */
export const deliveryNumber = (d: Pick<Delivery, 'id' | 'fk_delivery'>) => (d.fk_delivery ? `#${d.fk_delivery}` : String(d.id));

const times: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** When it was placed: the date as the language writes it, and the time. */
export function when(date: string, locale: Locale): string {
  times[locale] ??= new Intl.DateTimeFormat(locale === 'es' ? 'es-AR' : 'en-US', { hour: '2-digit', minute: '2-digit' });
  return `${formatDate(date, locale)} ${times[locale].format(new Date(date))}`;
}
