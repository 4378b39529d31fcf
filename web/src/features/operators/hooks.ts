import { ApiError } from '@/lib/api-client';
import { flattenErrors, registrationMessageId } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';

/**
 * Operator create / update errors (spec part 2 §8): a duplicate e-mail shows errors.register.email;
 * password texts map to the localized ones; others as the server sent them; 7 s, one per field.
 */
export function useShowOperatorErrors() {
  const t = useT();
  return (error: unknown) => {
    const title = t('operators.errors.title');
    if (!(error instanceof ApiError) || error.status >= 500 || error.body == null) {
      notify('error', t('errors.network'), { title, autoClose: DURATION.form });
      return;
    }
    for (const fe of flattenErrors(error.body)) {
      const id = registrationMessageId(fe, 'restaurant');
      notify('error', id ? t(id) : fe.message, { title, autoClose: DURATION.form });
    }
  };
}
