import { ApiError } from '@/lib/api-client';
import { flattenErrors } from '@/lib/api-errors';
import { DURATION, notify } from '@/lib/notify';

type T = (id: string, values?: Record<string, string | number | Date>) => string;

/** The server's messages (already in the user's language) as notifications, one each. */
export function notifyServerErrors(t: T, error: unknown, title: string, opts: { firstPerField?: boolean } = {}) {
  if (!(error instanceof ApiError) || error.body == null || error.status >= 500) {
    notify('error', error instanceof ApiError && error.status >= 500 ? t('catalog.errors.server') : t('errors.network'), {
      title: error instanceof ApiError && error.status >= 500 ? t('catalog.errors.error500') : title,
    });
    return;
  }
  const seen = new Set<string>();
  for (const e of flattenErrors(error.body)) {
    if (opts.firstPerField && seen.has(e.field)) continue;
    seen.add(e.field);
    notify('error', e.message, { title, autoClose: DURATION.form });
  }
}

/** Client-side rule messages (catalog ids) as notifications (spec part 1 §5 last rule). */
export function notifyProblems(t: T, ids: string[], title: string) {
  for (const id of ids) notify('error', t(id), { title, autoClose: DURATION.form });
}

/** The stable `code` of a `{detail, code}` answer, for errors the screen treats apart. */
export function errorCodeOf(error: unknown): string | null {
  if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'code' in error.body) {
    const code = (error.body as { code: unknown }).code;
    return typeof code === 'string' ? code : null;
  }
  return null;
}

export function hasNonFieldErrors(error: unknown): boolean {
  return error instanceof ApiError && !!error.body && typeof error.body === 'object' && 'non_field_errors' in error.body;
}
