import { ApiError } from '@/lib/api-client';
import { flattenErrors } from '@/lib/api-errors';
import { useT } from '@/lib/i18n/messages';
import { DURATION, notify } from '@/lib/notify';

const FIELDS = [
  'nombre_local', 'telefono', 'direccion', 'logo', 'first_name', 'last_name', 'email', 'wait_time', 'avg_permanence',
  'facebook', 'instagram', 'whatsapp', 'website',
];
const NOT_A_FILE = /not a file|no contienen un archivo/i;

/**
 * Restaurant create / update errors (spec part 1 §8, part 2 §8): each field error its own
 * notification. A duplicate name is a registration error about the local name (15 s); creation
 * errors 15 s; editing errors 7 s under the editing title; 'not a file' becomes 'the data sent
 * contained no file'; other texts as the server sent them (localized by Accept-Language).
 */
export function useShowRestaurantErrors(kind: 'create' | 'update') {
  const t = useT();
  const title = t(kind === 'create' ? 'restaurants.errors.createTitle' : 'restaurants.errors.updateTitle');
  const autoClose = kind === 'create' ? DURATION.long : DURATION.form;
  return (error: unknown) => {
    if (!(error instanceof ApiError) || error.status >= 500 || error.body == null) {
      notify('error', t('errors.network'), { title, autoClose });
      return;
    }
    for (const fe of flattenErrors(error.body)) {
      const field = fe.field.split('.').pop() ?? fe.field;
      if (field === 'nombre_local') {
        notify('error', fe.message, { title: t('errors.register.localName'), autoClose: DURATION.long });
        continue;
      }
      const message = NOT_A_FILE.test(fe.message) ? t('restaurants.errors.noFile') : fe.message;
      const label = FIELDS.includes(field) ? `${t(`restaurants.field.${field}`)}: ` : '';
      notify('error', `${label}${message}`, { title, autoClose });
    }
  };
}
