import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/setup-tests';
import { seedSession } from '@/testing/test-utils';
import { ApiError, api, getBlob, publicApi, saveBlob, unwrap } from './api-client';
import { localeStore } from './i18n/locale';
import { SCREEN_ID } from './screen';
import { KEYS } from './storage';

describe('getBlob: PDFs and images through the API client', () => {
  beforeEach(() => {
    seedSession('owner');
    localStorage.setItem(KEYS.locale, 'en');
    localeStore.reset();
  });

  it("sends the token, the language, the tab's name and the parameters, and answers the bytes as a Blob", async () => {
    const seen: { url: string; auth: string | null; lang: string | null; screen: string | null }[] = [];
    server.use(
      http.get('*/api/tickets/orden/:order/', ({ request }) => {
        const url = new URL(request.url);
        seen.push({
          url: url.pathname + url.search, auth: request.headers.get('Authorization'), lang: request.headers.get('Accept-Language'),
          screen: request.headers.get('X-Client-Id'),
        });
        return new HttpResponse('%PDF-1.7 ticket', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const blob = await getBlob('/api/tickets/orden/{order_id}/', { params: { path: { order_id: 42 }, query: { format: 'pdf' } } });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 ticket');
    expect(seen).toEqual([{ url: '/api/tickets/orden/42/?format=pdf', auth: 'Token tok-owner', lang: 'en', screen: SCREEN_ID }]);
    expect(SCREEN_ID).toMatch(/^[A-Za-z0-9-]{8,64}$/); // what the server accepts (kit.origin)
  });

  it('an error answer throws the ApiError every other call throws, with the JSON body', async () => {
    server.use(http.get('*/api/tickets/reporte/', () => HttpResponse.json({ detail: 'No active orders.', code: 'no_active_orders' }, { status: 400 })));
    const error = await getBlob('/api/tickets/reporte/', { params: { query: { fk_resto: 7 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { detail: 'No active orders.', code: 'no_active_orders' } });
  });
});

describe("publicApi: the diner's calls through the same client", () => {
  beforeEach(() => {
    // a staff session left on the phone
    seedSession('owner');
    localStorage.setItem(KEYS.locale, 'en');
    localeStore.reset();
  });

  function record() {
    const seen: { auth: string | null; lang: string | null; screen: string | null; key: string | null; body: unknown }[] = [];
    server.use(
      http.all('*/api/ordenes/lugar/:token/', async ({ request }) => {
        seen.push({
          auth: request.headers.get('Authorization'), lang: request.headers.get('Accept-Language'), screen: request.headers.get('X-Client-Id'),
          key: request.headers.get('Idempotency-Key'), body: request.method === 'POST' ? await request.json() : null,
        });
        return request.method === 'POST'
          ? HttpResponse.json({ detail: 'Too many orders.', code: 'too_many_orders' }, { status: 429, headers: { 'Retry-After': '42' } })
          : HttpResponse.json({ fk_sit: 4, lines: [], total: '0.00' });
      }),
    );
    return seen;
  }

  it("is anonymous whoever is logged in: the language only, never the session's token nor a staff screen's name", async () => {
    const seen = record();
    await unwrap(publicApi.GET('/api/ordenes/lugar/{token}/', { params: { path: { token: 'tok-m1' } } }));
    await unwrap(api.GET('/api/ordenes/lugar/{token}/', { params: { path: { token: 'tok-m1' } } }));
    expect(seen).toEqual([
      { auth: null, lang: 'en', screen: null, key: null, body: null },
      { auth: 'Token tok-owner', lang: 'en', screen: SCREEN_ID, key: null, body: null },
    ]);
  });

  it("sends the tap's Idempotency-Key; a refusal throws the one ApiError, with its code and the Retry-After it asks", async () => {
    const seen = record();
    const body = { diner_name: 'Ana', ordenes: [{ fk_dish: 8, quantity: 1, extra_commentary: '' }] };
    const error = await unwrap(publicApi.POST('/api/ordenes/lugar/{token}/', { params: { path: { token: 'tok-m1' }, header: { 'idempotency-key': 'key-12345678' } }, body })).catch(
      (e: unknown) => e,
    );
    expect(seen).toEqual([{ auth: null, lang: 'en', screen: null, key: 'key-12345678', body }]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_orders', retryAfter: 42 });
  });

  it('a network failure is no ApiError (the screens say so as such)', async () => {
    server.use(http.get('*/api/ordenes/lugar/:token/', () => HttpResponse.error()));
    const error = await unwrap(publicApi.GET('/api/ordenes/lugar/{token}/', { params: { path: { token: 'tok-m1' } } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(new ApiError(400, { detail: 'x' })).toMatchObject({ code: null, retryAfter: null });
  });
});

describe('saveBlob', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the file under its name through a link, then frees it', async () => {
    vi.useFakeTimers();
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    saveBlob(blob, 'qr_codes.pdf');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:report', download: 'qr_codes.pdf', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:report');
    vi.useRealTimers();
  });
});
