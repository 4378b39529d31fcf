import { useShowServerErrors } from '@/lib/api-errors';
import { DURATION } from '@/lib/notify';

const FIELDS = [
  'nombre_local', 'telefono', 'direccion', 'logo', 'first_name', 'last_name', 'email', 'wait_time', 'avg_permanence',
  'facebook', 'instagram', 'whatsapp', 'website',
];
const LABELS = Object.fromEntries(FIELDS.map((f) => [f, `restaurants.field.${f}`]));

/**
 * Restaurant create / update errors (spec part 1 §8, part 2 §8): each field error its own
 * notification, 'Field: message' as the server sent it (its 'not a file' text is already the
 * spec's 'the data sent contained no file'). A duplicate name is a registration error about the
 * local name (15 s); creation errors 15 s; editing errors 7 s under the editing title.
 */
export function useShowRestaurantErrors(kind: 'create' | 'update') {
  return useShowServerErrors({
    title: kind === 'create' ? 'restaurants.errors.createTitle' : 'restaurants.errors.updateTitle',
    autoClose: kind === 'create' ? DURATION.long : DURATION.form,
    labels: LABELS,
    fields: { nombre_local: { title: 'errors.register.localName', autoClose: DURATION.long } },
  });
}
