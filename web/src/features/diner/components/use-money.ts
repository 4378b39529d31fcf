import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';

/** Cents → ARS in Spanish, USD in English (spec part 2 §1). */
export function useMoney() {
  const [locale] = useLocale();
  return (cents: number) => formatPrice(cents / 100, locale);
}
