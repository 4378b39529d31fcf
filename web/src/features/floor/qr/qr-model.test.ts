import { describe, expect, it } from 'vitest';
import { sit } from '../testing/floor-handlers';
import { jointQuery, MEDIUM_PAGE_SIZES, pageOf, PAGE_SIZES, searchPlaces, sizeFor, sortPlaces } from './qr-model';

const names = (list: { i_name: string }[]) => list.map((s) => s.i_name);

describe('QR list logic', () => {
  it('orders tables, chairs, then delivery points, numbers in numeric order', () => {
    const list = [sit(1, 'S2'), sit(2, 'M10'), sit(3, 'D1'), sit(4, 'M2'), sit(5, 'S1')];
    expect(names(sortPlaces(list))).toEqual(['M2', 'M10', 'S1', 'S2', 'D1']);
  });

  it('searches by place or menu name, ignoring case and accents', () => {
    const list = [sit(1, 'M1', { menu_name: 'Carta' }), sit(2, 'M12', { menu_name: 'Menú del día' }), sit(3, 'S1', { menu_name: 'Carta' })];
    expect(names(searchPlaces(list, 'm1'))).toEqual(['M1', 'M12']);
    expect(names(searchPlaces(list, 'menu DEL'))).toEqual(['M12']);
    expect(names(searchPlaces(list, '  '))).toEqual(['M1', 'M12', 'S1']);
    expect(searchPlaces(list, 'zz')).toEqual([]);
  });

  it('pages from 1; the page size keeps its place between medium (4/8/12) and large (6/12/18) screens', () => {
    expect(pageOf([1, 2, 3, 4, 5, 6, 7], 2, 4)).toEqual([5, 6, 7]);
    expect(PAGE_SIZES).toEqual([6, 12, 18]);
    expect(MEDIUM_PAGE_SIZES).toEqual([4, 8, 12]);
    expect(sizeFor(6, true)).toBe(4);
    expect(sizeFor(18, true)).toBe(12);
    expect(sizeFor(8, false)).toBe(12);
    expect(sizeFor(12, true)).toBe(8);
    expect(sizeFor(4, true)).toBe(4);
  });

  it('the joint download asks for all, a kind, or the chosen list; never for nothing', () => {
    const list = [sit(1, 'M1'), sit(2, 'M2'), sit(3, 'S1')];
    expect(jointQuery(list, 'all', [])).toEqual({});
    expect(jointQuery([], 'all', [])).toBeNull();
    expect(jointQuery(list, 'mesa', [])).toEqual({ sitType: 'mesa' });
    expect(jointQuery(list, 'silla', [])).toEqual({ sitType: 'silla' });
    expect(jointQuery([sit(1, 'M1')], 'silla', [])).toBeNull();
    expect(jointQuery(list, 'list', [3, 1, 99])).toEqual({ ids: [3, 1] });
    expect(jointQuery(list, 'list', [])).toBeNull();
  });
});
