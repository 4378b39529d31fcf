import { formatDate } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locale';

/** dd/mm/yyyy hh:mm (es) or mm/dd/yyyy hh:mm (en); a dash when there is no date. */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return `${formatDate(d, locale)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export function formatDay(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : formatDate(d, locale);
}
