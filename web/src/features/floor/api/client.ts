import { ApiError } from '@/lib/api-client';
import { localeStore } from '@/lib/i18n/locale';
import { sessionStore } from '@/lib/session';

/**
 * The floor calls without generated types (see ./types.ts): the same headers as the shared
 * client (Token, Accept-Language) and the same ApiError, so server errors read the same way.
 */
export async function floorFetch<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers = new Headers({ 'Accept-Language': localeStore.get() });
  const { token } = sessionStore.get();
  if (token) headers.set('Authorization', `Token ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const res = await globalThis.fetch(new URL(path, window.location.origin), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}
