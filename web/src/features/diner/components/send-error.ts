import { ApiError } from '@/lib/api-client';
import { flattenErrors } from '@/lib/error-body';

type T = (id: string, values?: Record<string, string | number>) => string;

const CODES = new Set(['orders_stopped', 'restaurant_closed', 'dish_unavailable', 'dish_not_in_menu', 'place_token_invalid']);

/** What a refused send says, by the answer's `code` (never by its wording). */
export function sendErrorText(t: T, err: unknown): string {
  if (!(err instanceof ApiError)) return t('diner.errors.network');
  const code = err.code;
  if (code === 'too_many_orders' || err.status === 429) return t('diner.errors.too_many_orders', { seconds: err.retryAfter ?? 60 });
  if (code && CODES.has(code)) return t(`diner.errors.${code}`);
  if (err.status >= 500) return t('diner.errors.server');
  // field errors ({ordenes: [...]}, {cash_amount: [...]}) arrive in the diner's language already
  return t('diner.errors.invalid', { detail: flattenErrors(err.body)[0]?.message ?? '' });
}
