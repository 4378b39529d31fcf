/**
 * Reading a server error body (ARCHITECTURE 'Errors'): {detail}, {detail, code},
 * {non_field_errors: []}, {field: []}, nested {fk_user: {email: []}}, and {field: [], code}. Kept
 * free of imports so the diner's phone bundle can use it too; screens go through api-errors.ts.
 */
export type FieldError = { field: string; message: string };

/** One entry per message, the field named by its last segment (fk_user's fields read as their own). */
export function flattenErrors(body: unknown, prefix = ''): FieldError[] {
  if (body == null) return [];
  if (typeof body === 'string') return [{ field: prefix || 'detail', message: body }];
  if (Array.isArray(body)) return body.flatMap((item) => flattenErrors(item, prefix));
  if (typeof body === 'object') {
    return Object.entries(body as Record<string, unknown>)
      .filter(([key]) => !(key === 'code' && prefix === ''))
      .flatMap(([key, value]) => flattenErrors(value, key === 'fk_user' ? prefix : prefix ? `${prefix}.${key}` : key));
  }
  return [{ field: prefix || 'detail', message: String(body) }];
}

/** The stable `code` beside the texts (`{detail, code}`, `{non_field_errors, code}`, `{field, code}`). */
export function bodyCode(body: unknown): string | null {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : null;
  return typeof code === 'string' ? code : null;
}

/**
 * A payment refused because an online (marketplace) payment holds its lines, spec part 2 §8:
 * ordering's `{detail, code: "online_payment_pending", lines}`. A body without that code whose
 * detail names MercadoPago (the spec's own test) is read the same way, its lines then unknown
 * (null). The one place that reads a server's wording: the screens ask this function.
 */
export function onlinePaymentHolding(body: unknown): { lines: number[] | null; detail: string } | null {
  if (!body || typeof body !== 'object') return null;
  const { code, detail, lines } = body as { code?: unknown; detail?: unknown; lines?: unknown };
  const text = typeof detail === 'string' ? detail : '';
  if (code !== 'online_payment_pending' && (code != null || !/mercado\s*pago/i.test(text))) return null;
  const held = Array.isArray(lines) && lines.every((l) => typeof l === 'number') ? (lines as number[]) : null;
  return { lines: held, detail: text };
}
