import { describe, expect, it } from 'vitest';
import type { Category } from '../../api/types';
import { childrenByParent, nextOrder, reorderMoves } from './category-order';

const cat = (id: number, order: number, sub_category: number | null = null): Category => ({ id, name: `c${id}`, menu: 1, sub_category, order });

describe('category order', () => {
  it('groups by parent in order, ties by id', () => {
    const map = childrenByParent([cat(3, 2), cat(1, 2), cat(2, 1), cat(4, 1, 2)]);
    expect(map.get(null)?.map((c) => c.id)).toEqual([2, 1, 3]);
    expect(map.get(2)?.map((c) => c.id)).toEqual([4]);
  });

  it('moving the last to the top renumbers only what changed', () => {
    const siblings = [cat(1, 1), cat(2, 2), cat(3, 3)];
    expect(reorderMoves(siblings, 3, 1)).toEqual([
      { id: 3, order: 1 },
      { id: 1, order: 2 },
      { id: 2, order: 3 },
    ]);
    expect(reorderMoves(siblings, 1, 2)).toEqual([
      { id: 2, order: 1 },
      { id: 1, order: 2 },
    ]);
  });

  it('a drop on itself or outside the siblings sends nothing', () => {
    const siblings = [cat(1, 1), cat(2, 2)];
    expect(reorderMoves(siblings, 1, 1)).toEqual([]);
    expect(reorderMoves(siblings, 1, 9)).toEqual([]);
  });

  it('equal orders from older data are spread out', () => {
    expect(reorderMoves([cat(1, 0), cat(2, 0), cat(3, 0)], 3, 2)).toEqual([
      { id: 1, order: 1 },
      { id: 3, order: 2 },
      { id: 2, order: 3 },
    ]);
  });

  it('a new category goes after its last sibling', () => {
    expect(nextOrder([cat(1, 4), cat(2, 7, 1)], null)).toBe(5);
    expect(nextOrder([cat(1, 4), cat(2, 7, 1)], 1)).toBe(8);
    expect(nextOrder([], null)).toBe(1);
  });
});
