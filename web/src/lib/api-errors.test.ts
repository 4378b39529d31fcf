import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { errorCode, flattenErrors, showServerErrors } from './api-errors';
import { notify } from './notify';

vi.mock('./notify', () => ({ DURATION: { default: 5000, form: 7000, long: 15000, short: 3000 }, notify: vi.fn() }));

// the catalog stand-in: an id reads as itself in brackets, so a test sees which text was chosen
const t = (id: string) => `[${id}]`;
const shown = () => vi.mocked(notify).mock.calls.map(([, message, opts]) => ({ message, title: opts?.title, autoClose: opts?.autoClose }));

beforeEach(() => vi.mocked(notify).mockClear());

describe('server error shapes', () => {
  it('flattens detail, non_field_errors, fields and nested fk_user, leaving the code out', () => {
    expect(flattenErrors({ detail: 'nope', code: 'some_code' })).toEqual([{ field: 'detail', message: 'nope' }]);
    expect(flattenErrors({ non_field_errors: ['a', 'b'] })).toHaveLength(2);
    expect(flattenErrors({ fk_user: { email: ['taken'] }, nombre_local: ['dup'] })).toEqual([
      { field: 'email', message: 'taken' },
      { field: 'nombre_local', message: 'dup' },
    ]);
    expect(errorCode(new ApiError(400, { id_menu: ['x'], code: 'menu_required' }))).toBe('menu_required');
    expect(errorCode(new ApiError(400, { detail: 'x' }))).toBeNull();
    expect(errorCode(new Error('offline'))).toBeNull();
  });
});

describe('showServerErrors: by field and code, never by wording', () => {
  it("shows the server's texts as sent, one notification each, under the title", () => {
    showServerErrors(t, new ApiError(400, { email: ['Ya existe un usuario con este e-mail.'], password: ['a', 'b'] }), { title: 'x.title' });
    expect(shown()).toEqual([
      { message: 'Ya existe un usuario con este e-mail.', title: '[x.title]', autoClose: 7000 },
      { message: 'a', title: '[x.title]', autoClose: 7000 },
      { message: 'b', title: '[x.title]', autoClose: 7000 },
    ]);
  });

  it('a code chooses its own text, whatever the wording', () => {
    const rules = { title: 'x.title', codes: { dish_active_in_order: { text: 'x.active', title: 'x.disable' } } };
    showServerErrors(t, new ApiError(400, { detail: 'any wording at all', code: 'dish_active_in_order' }), rules);
    showServerErrors(t, new ApiError(400, { detail: 'El plato está activo en una orden.' }), rules);
    expect(shown()).toEqual([
      { message: '[x.active]', title: '[x.disable]', autoClose: 7000 },
      { message: 'El plato está activo en una orden.', title: '[x.title]', autoClose: 7000 },
    ]);
  });

  it('a field rule replaces text, title or duration; labels name the other fields', () => {
    showServerErrors(t, new ApiError(400, { fk_user: { username: ['exists'] }, nombre_local: ['dup'], telefono: ['bad'] }), {
      title: 'x.title',
      labels: { telefono: 'x.phone', nombre_local: 'x.name' },
      fields: { username: { text: 'x.email' }, nombre_local: { title: 'x.localName', autoClose: 15000 } },
    });
    expect(shown()).toEqual([
      { message: '[x.email]', title: '[x.title]', autoClose: 7000 },
      { message: 'dup', title: '[x.localName]', autoClose: 15000 },
      { message: '[x.phone]: bad', title: '[x.title]', autoClose: 7000 },
    ]);
  });

  it('first per field keeps every non-field error; first only keeps one message', () => {
    const body = { valor: ['a', 'b'], non_field_errors: ['c', 'd'] };
    showServerErrors(t, new ApiError(400, body), { title: 'x', firstPerField: true });
    expect(shown().map((n) => n.message)).toEqual(['a', 'c', 'd']);
    vi.mocked(notify).mockClear();
    showServerErrors(t, new ApiError(400, body), { title: 'x', firstOnly: true });
    expect(shown().map((n) => n.message)).toEqual(['a']);
  });

  it('statuses, 5xx and network failures', () => {
    const rules = { title: 'x.title', statuses: { 429: { text: 'x.tooMany' } }, serverError: { title: 'x.500', text: 'x.server' } };
    showServerErrors(t, new ApiError(429, { detail: 'Demasiados intentos.', code: 'too_many_attempts' }), rules);
    showServerErrors(t, new ApiError(502, { detail: 'gateway' }), rules);
    showServerErrors(t, new TypeError('Failed to fetch'), { title: 'x.title' });
    expect(shown()).toEqual([
      { message: '[x.tooMany]', title: '[x.title]', autoClose: 7000 },
      { message: '[x.server]', title: '[x.500]', autoClose: 7000 },
      { message: '[errors.network]', title: '[x.title]', autoClose: 7000 },
    ]);
  });
});
