import { showServerErrors, type ErrorRules } from '@/lib/api-errors';
import { DURATION } from '@/lib/notify';

type T = (id: string, values?: Record<string, string | number | Date>) => string;

/** Catalog screens answer a 5xx with 'Error 500' and a generic text (spec part 1 §8 'Bulk price'). */
const SERVER_ERROR = { title: 'catalog.errors.error500', text: 'catalog.errors.server', autoClose: DURATION.default };

/** `showServerErrors` (lib/api-errors.ts) with the catalog's 5xx notification. */
export function notifyServerErrors(t: T, error: unknown, rules: ErrorRules) {
  showServerErrors(t, error, { serverError: SERVER_ERROR, ...rules });
}
