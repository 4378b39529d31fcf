import { ApiError } from '@/lib/api-client';
import { errorCode, flattenErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';

/** Ordering's refusals the board words itself, by `code` (never by wording). */
const CODES: Record<string, string> = {
  changed_meanwhile: 'orders.changed',
  illegal_transition: 'orders.illegal',
  no_reject: 'orders.noReject',
  no_active_orders: 'orders.noActive',
  place_add_order_disabled: 'orders.add.disabled',
  // billing's, cancelling an online payment the marketplace approved meanwhile
  checkout_approved: 'orders.online.approved',
};

/**
 * An order update that failed (spec part 2 §8): a refusal the board knows by its code in the
 * board's words; any other is shown as the server's detail (already in the screen's language);
 * without one (the network, a server error), one generic text.
 */
export function useActionError() {
  const t = useT();
  return (error: unknown) => {
    const code = errorCode(error);
    if (code && CODES[code]) return notify(code === 'changed_meanwhile' ? 'warning' : 'error', t(CODES[code]));
    const detail = error instanceof ApiError && error.status < 500 ? flattenErrors(error.body)[0]?.message : undefined;
    notify('error', detail || t('orders.error'));
  };
}
