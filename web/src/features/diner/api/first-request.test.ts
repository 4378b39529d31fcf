import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/setup-tests';
import { MENU } from '../testing/fixtures';
import { placePath, publicMenuPath, readMenuLink, takeStarted } from './first-request';

describe("the diner's first request", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    window.history.replaceState(null, '', '/');
  });

  it('reads a table QR (?p=) before a menu link (?menu=), and a menu only when it is a positive whole number', () => {
    expect(readMenuLink('?p=tok-m1&menu=7')).toEqual({ token: 'tok-m1' });
    expect(readMenuLink('menu=7')).toEqual({ menuId: 7 });
    for (const search of ['', '?menu=0', '?menu=-3', '?menu=2.5', '?menu=abc', '?p=']) expect(readMenuLink(search)).toBeNull();
  });

  it('starts nothing away from /menus, so every screen asks for itself', async () => {
    expect(window.location.pathname).not.toBe('/menus');
    expect(await takeStarted(publicMenuPath(7))).toBeUndefined();
  });

  /** Opens `/menus<search>` as menus.html does: first-request.ts runs before the app's code. */
  async function openMenus(search: string, place: () => Response) {
    const asked: string[] = [];
    server.use(
      http.get('*/api/sit/lugar/:token/', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return place();
      }),
      http.get('*/api/public-menu/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.pathname + url.search);
        return HttpResponse.json(MENU);
      }),
    );
    // a page's fetch takes a relative address; Node's needs the page's origin
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => fetch(typeof input === 'string' ? new URL(input, window.location.origin) : input, init));
    window.history.replaceState(null, '', `/menus${search}`);
    vi.resetModules();
    const [{ getPlace }, { getPublicMenu }] = await Promise.all([import('./get-place'), import('./get-public-menu')]);
    return { asked, getPlace, getPublicMenu };
  }

  it("a table's QR: the place and then its menu are asked up front, and the screens' first reads through the client take those answers, once", async () => {
    const place = { id: 4, fk_resto: 10, restaurant_name: 'La Esquina', i_name: 'M1', sit_type: 'mesa', fk_menu: 30, menu_name: 'Carta', admin: true, blocked: false };
    const { asked, getPlace, getPublicMenu } = await openMenus('?p=a%2Fb%20c', () => HttpResponse.json(place));
    // the token escaped as the client escapes it: the same paths as the screens'
    expect(placePath('a/b c')).toBe('/api/sit/lugar/a%2Fb%20c/');
    // the screen asks for the menu as soon as it has read the place: the menu's early request,
    // started once the same answer was read here, is the one it gets
    expect(await getPlace('a/b c')).toEqual(place);
    expect(await getPublicMenu(30)).toEqual(MENU);
    expect(asked).toEqual([placePath('a/b c'), publicMenuPath(30)]);
    // a read again asks the server
    expect(await getPlace('a/b c')).toEqual(place);
    expect(asked).toEqual([placePath('a/b c'), publicMenuPath(30), placePath('a/b c')]);
  });

  it("an early request that failed is the screen's to ask again, and an early refusal is the client's refusal", async () => {
    const { asked, getPlace } = await openMenus('?p=tok-m1', () => HttpResponse.error());
    await vi.waitFor(() => expect(asked).toEqual([placePath('tok-m1')]));
    await expect(getPlace('tok-m1')).rejects.toThrow(TypeError);
    expect(asked).toHaveLength(2);

    const refused = await openMenus('?p=old', () => HttpResponse.json({ detail: 'gone', code: 'place_token_revoked' }, { status: 410 }));
    await vi.waitFor(() => expect(refused.asked).toEqual([placePath('old')]));
    const { ApiError } = await import('@/lib/api-client');
    const error = await refused.getPlace('old').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 410, code: 'place_token_revoked' });
    expect(refused.asked).toHaveLength(1); // no menu: the place named none
  });
});
