import { ApiError } from '@/lib/api-client';
import { localeStore } from '@/lib/i18n/locale';
import { sessionStore } from '@/lib/session';

/**
 * The floor calls without generated types (see ./types.ts): the same headers as the shared
 * client (Token, Accept-Language) and the same ApiError, so server errors read the same way.
 */
function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  const headers = new Headers({ 'Accept-Language': localeStore.get() });
  const { token } = sessionStore.get();
  if (token) headers.set('Authorization', `Token ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return globalThis.fetch(new URL(path, window.location.origin), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export async function floorFetch<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  const data = await parse(res);
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

/** A binary answer (the PDF sheets); an error answer is read as JSON like any other. */
export async function floorBlob(path: string): Promise<Blob> {
  const res = await send('GET', path);
  if (!res.ok) throw new ApiError(res.status, await parse(res));
  return res.blob();
}
