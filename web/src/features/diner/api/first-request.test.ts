import { describe, expect, it } from 'vitest';
import { placePath, publicMenuPath, readMenuLink, takeStarted } from './first-request';

describe("the diner's first request", () => {
  it('reads a table QR (?p=) before a menu link (?menu=), and a menu only when it is a positive whole number', () => {
    expect(readMenuLink('?p=tok-m1&menu=7')).toEqual({ token: 'tok-m1' });
    expect(readMenuLink('menu=7')).toEqual({ menuId: 7 });
    for (const search of ['', '?menu=0', '?menu=-3', '?menu=2.5', '?menu=abc', '?p=']) expect(readMenuLink(search)).toBeNull();
  });

  it('asks the same paths as the screens, the token escaped', () => {
    expect(placePath('a/b c')).toBe('/api/sit/lugar/a%2Fb%20c/');
    expect(publicMenuPath(7)).toBe('/api/public-menu/?menu=7');
  });

  it('starts nothing away from /menus, so every screen asks for itself', () => {
    expect(window.location.pathname).not.toBe('/menus');
    expect(takeStarted(publicMenuPath(7))).toBeUndefined();
  });
});
