import { bodyCode } from '@/lib/error-body';
import { localeStore } from '@/lib/i18n/locale';
import { takeStarted } from './first-request';

/**
 * A diner's calls are anonymous (the place token or nothing), so this route does without the
 * staff API client and its session: a plain fetch keeps the phone's bundle small.
 */
export class DinerHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly retryAfter: number | null = null,
  ) {
    super(`HTTP ${status}`);
  }

  /** The stable `code` the server sends beside its text (`{detail, code}`); screens branch on it. */
  get code(): string | null {
    return bodyCode(this.body);
  }
}

export async function request<T>(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': localeStore.get(), ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const early = method === 'GET' ? await takeStarted(path) : null;
  const res =
    early ??
    (await globalThis.fetch(new URL(path, window.location.origin), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }));
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const retry = Number(res.headers.get('Retry-After'));
    throw new DinerHttpError(res.status, body, Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return body as T;
}

/** One key per tap on 'send' (8 to 100 characters on the server). */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
