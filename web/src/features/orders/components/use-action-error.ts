import { errorCode } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { notify } from '@/lib/notify';

/** Ordering's refusals by `code` (never by wording); anything else under one generic text. */
const CODES: Record<string, string> = {
  changed_meanwhile: 'orders.changed',
  illegal_transition: 'orders.illegal',
  no_reject: 'orders.noReject',
  no_active_orders: 'orders.noActive',
  place_add_order_disabled: 'orders.add.disabled',
};

export function useActionError() {
  const t = useT();
  return (error: unknown) => {
    const code = errorCode(error);
    notify(code === 'changed_meanwhile' ? 'warning' : 'error', t(code && CODES[code] ? CODES[code] : 'orders.error'));
  };
}
