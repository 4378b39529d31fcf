/**
 * Server error bodies (ARCHITECTURE 'Errors'): {detail}, {non_field_errors: []}, {field: []},
 * nested {fk_user: {email: []}}. Flattened into one entry per field message so that each can
 * be shown as its own notification (spec part 1 §5 last rule).
 */
export type FieldError = { field: string; message: string };

export function flattenErrors(body: unknown, prefix = ''): FieldError[] {
  if (body == null) return [];
  if (typeof body === 'string') return [{ field: prefix || 'detail', message: body }];
  if (Array.isArray(body)) return body.flatMap((item) => flattenErrors(item, prefix));
  if (typeof body === 'object') {
    return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) =>
      flattenErrors(value, key === 'fk_user' ? prefix : prefix ? `${prefix}.${key}` : key),
    );
  }
  return [{ field: prefix || 'detail', message: String(body) }];
}

/** Server password-validator texts (es or en) mapped to catalog ids (spec part 1 §8). */
export function passwordMessageId(message: string): string | null {
  const m = message.toLowerCase();
  if (m.includes('common') || m.includes('común') || m.includes('comun')) return 'errors.password.common';
  if (m.includes('numeric') || m.includes('numérica') || m.includes('numerica') || m.includes('numérico'))
    return 'errors.password.numeric';
  if (m.includes('similar') || m.includes('parecida') || m.includes('parecido')) return 'errors.password.similar';
  if (m.includes('short') || m.includes('corta')) return 'errors.password.short';
  return null;
}

/** Which catalog id a registration error maps to; null means 'show the server text'. */
export function registrationMessageId(err: FieldError, kind: 'client' | 'restaurant'): string | null {
  const field = err.field.split('.').pop() ?? err.field;
  if (field === 'password' || field === 'password2' || field === 'new_password') return passwordMessageId(err.message);
  if (field === 'username') return kind === 'restaurant' ? 'errors.register.email' : 'errors.register.username';
  if (field === 'email') {
    const m = err.message.toLowerCase();
    if (m.includes('exist') || m.includes('uso') || m.includes('use') || m.includes('registrad')) return 'errors.register.email';
  }
  return null;
}
