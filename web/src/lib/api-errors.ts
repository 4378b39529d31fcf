import { ApiError } from './api-client';
import { flattenErrors } from './error-body';
import { useT } from './i18n/messages';
import { DURATION, notify } from './notify';

/**
 * The one way a screen turns a server error into notifications (issue 10): by the `field` an
 * error is about and the stable `code` beside it, never by its wording. The server's texts are
 * already the spec's, localized by Accept-Language, so by default they are shown as sent. The
 * body's shapes are read in error-body.ts.
 */
export { flattenErrors, type FieldError } from './error-body';

/** The stable `code` of an answer (`{detail, code}`, `{non_field_errors, code}`, `{field, code}`). */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/** What one notification says instead of the server's text: catalog ids and a duration. */
export type Note = { text?: string; title?: string; autoClose?: number };

export type ErrorRules = {
  /** Catalog id of the notifications' title. */
  title: string;
  /** Default DURATION.form (7 s). */
  autoClose?: number;
  /** Only the first message of each named field (non_field_errors are all shown). */
  firstPerField?: boolean;
  /** Only the very first message of the answer. */
  firstOnly?: boolean;
  /** field → catalog id of its label: the message reads 'Label: message' (fields without a rule). */
  labels?: Record<string, string>;
  /** field → what its errors say (by field, e.g. nombre_local under its own title). */
  fields?: Record<string, Note>;
  /** code → one notification instead of the answer's messages. */
  codes?: Record<string, Note>;
  /** status → one notification (e.g. 429 too many attempts; login's 400). */
  statuses?: Record<number, Note>;
  /** 5xx; by default the network text under `title`. */
  serverError?: Note;
};

type T = (id: string, values?: Record<string, string | number | Date>) => string;

export function showServerErrors(t: T, error: unknown, rules: ErrorRules) {
  const autoClose = rules.autoClose ?? DURATION.form;
  const show = (note: Note, fallbackText: string) =>
    notify('error', note.text ? t(note.text) : fallbackText, {
      title: t(note.title ?? rules.title),
      autoClose: note.autoClose ?? autoClose,
    });
  const status = error instanceof ApiError ? error.status : null;
  if (status != null && rules.statuses?.[status]) return show(rules.statuses[status], '');
  if (!(error instanceof ApiError) || error.status >= 500 || error.body == null) {
    return show(rules.serverError ?? { text: 'errors.network' }, '');
  }
  const code = errorCode(error);
  if (code && rules.codes?.[code]) return show(rules.codes[code], '');
  const seen = new Set<string>();
  let errors = flattenErrors(error.body);
  if (rules.firstOnly) errors = errors.slice(0, 1);
  for (const e of errors) {
    const field = e.field.split('.').pop() ?? e.field;
    if (rules.firstPerField && field !== 'non_field_errors') {
      if (seen.has(field)) continue;
      seen.add(field);
    }
    const note = rules.fields?.[field];
    // a field with a rule of its own is not labelled: its title says what it is about
    const label = !note && rules.labels?.[field] ? `${t(rules.labels[field])}: ` : '';
    show(note ?? {}, `${label}${e.message}`);
  }
}

/** `showServerErrors` with the current language, for a mutation's onError. */
export function useShowServerErrors(rules: ErrorRules) {
  const t = useT();
  return (error: unknown) => showServerErrors(t, error, rules);
}

/** Client-side rule messages (catalog ids) as notifications, one each (spec part 1 §5 last rule). */
export function notifyProblems(t: T, ids: string[], title: string) {
  for (const id of ids) notify('error', t(id), { title, autoClose: DURATION.form });
}

/**
 * A form's invalid handler (react-hook-form's second `handleSubmit` argument): each field's
 * message as a notification (spec part 1 §8 'Form validation errors are each shown as a
 * notification'), nested fields (`fk_user.email`) too; `title` is a catalog id.
 */
export function notifyInvalid(t: T, title: string) {
  return (errors: object) => notifyProblems(t, formMessages(errors), t(title));
}

function formMessages(errors: object): string[] {
  return Object.values(errors).flatMap((e: unknown) => {
    if (!e || typeof e !== 'object') return [];
    const { message } = e as { message?: unknown };
    return typeof message === 'string' ? [message] : formMessages(e);
  });
}
