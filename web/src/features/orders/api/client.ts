import { ApiError } from '@/lib/api-client';
import { localeStore } from '@/lib/i18n/locale';
import { sessionStore } from '@/lib/session';

function headers(json: boolean) {
  const h = new Headers({ 'Accept-Language': localeStore.get() });
  const { token } = sessionStore.get();
  if (token) h.set('Authorization', `Token ${token}`);
  if (json) h.set('Content-Type', 'application/json');
  return h;
}

async function body(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** Ordering's calls without generated types: the shared client's headers and ApiError. */
export async function ordersFetch<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown): Promise<T> {
  const res = await globalThis.fetch(new URL(path, window.location.origin), {
    method,
    headers: headers(payload !== undefined),
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const data = await body(res);
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

/** A PDF (ticket, report) fetched with the token, as a Blob. */
export async function ordersBlob(path: string): Promise<Blob> {
  const res = await globalThis.fetch(new URL(path, window.location.origin), { headers: headers(false) });
  if (!res.ok) throw new ApiError(res.status, await body(res));
  return res.blob();
}
