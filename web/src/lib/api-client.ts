import createClient, { type ClientPathsWithMethod, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { ApiPaths } from '@/types/api';
import { bodyCode } from './error-body';
import { localeStore } from './i18n/locale';
import { SCREEN_ID } from './screen';
import { sessionStore } from './session';

/** Every service's generated paths; all start with /api/ (see scripts/gen-api.mjs). */
export type { ApiPaths };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** Seconds the server asks to wait (`Retry-After` of a 429), when it says. */
    readonly retryAfter: number | null = null,
  ) {
    super(`HTTP ${status}`);
  }

  /** The stable `code` the server sends beside its text (`{detail, code}`); screens branch on it. */
  get code(): string | null {
    return bodyCode(this.body);
  }
}

/**
 * The UI locale for localized messages and, on a staff member's calls, the token header (spec:
 * `Authorization: Token <token>`) and this tab's name (see `SCREEN_ID`). One middleware a client.
 */
function headers(staff: boolean): Middleware {
  return {
    onRequest({ request }) {
      if (staff) {
        const { token } = sessionStore.get();
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Token ${token}`);
        request.headers.set('X-Client-Id', SCREEN_ID);
      }
      request.headers.set('Accept-Language', localeStore.get());
      return request;
    },
  };
}

function client(staff: boolean) {
  const c = createClient<ApiPaths>({
    baseUrl: typeof window !== 'undefined' ? window.location.origin : 'http://localhost',
    // resolve fetch at call time so that test interceptors (MSW) see every request
    fetch: (req) => globalThis.fetch(req),
  });
  c.use(headers(staff));
  return c;
}

/** The app's calls: the session's token (when logged in), the language and the tab's name. */
export const api = client(true);

/**
 * The same client for the diner's phone pages (the menu, the table's tab, an order's tracking
 * page), whose calls are anonymous: the place's token in the path or nothing. They never carry a
 * staff session's token (a stale one left on a shared phone would have them refused) nor name a
 * staff screen; only the language.
 */
export const publicApi = client(false);

/** openapi-fetch result → data, or throws ApiError with the body the server sent. */
export async function unwrap<T>(
  promise: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await promise;
  if (!response.ok) throw new ApiError(response.status, error ?? null, retryAfter(response));
  return data as T;
}

function retryAfter(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

type BlobPath = ClientPathsWithMethod<typeof api, 'get'>;

/**
 * A binary answer (a PDF, a QR image) of a GET, through the same client: it sends the token and
 * the language, which a link or an <img src> could not, and an error answer (JSON) throws the
 * same ApiError as any other call.
 */
export function getBlob<P extends BlobPath>(path: P, init: MaybeOptionalInit<ApiPaths[P], 'get'>): Promise<Blob> {
  // `init` is checked against `path` by this signature; openapi-fetch's own cannot follow a generic path
  return unwrap(api.GET(path, { ...init, parseAs: 'blob' } as never)) as Promise<Blob>;
}

/** Save a fetched file under `filename` (through a link: the browser downloads it). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked later: some browsers read the file after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
