import { describe, expect, it, vi } from 'vitest';
import { sit } from '../testing/floor-handlers';
import { changesOf, freeCell, MAX_ROWS, nameError, newItem, nextName, type Item } from './model';
import { saveSketch } from './save';

let seq = 0;
const item = (name: string, type: Item['type'] = 'mesa', extra: Partial<Item> = {}): Item => ({
  key: `k${++seq}`, name, type, x: seq % 24, y: Math.floor(seq / 24) % MAX_ROWS, w: 1, h: 1, menu: 1, blocked: false, admin: true, details: '', ...extra,
});

describe('item naming', () => {
  it('counters start at 0, one per kind', () => {
    expect(nextName([], 'mesa')).toBe('M1');
    expect(nextName([item('M1'), item('M2')], 'silla')).toBe('S1');
    expect(nextName([item('M1'), item('M2'), item('D1', 'delivery')], 'mesa')).toBe('M3');
    expect(nextName([item('D1', 'delivery')], 'delivery')).toBe('D2');
  });

  it('gaps below the highest number are reused, lowest first', () => {
    const items = [item('M1'), item('M3'), item('M5')];
    expect(nextName(items, 'mesa')).toBe('M2');
    expect(nextName([...items, item('M2')], 'mesa')).toBe('M4');
    expect(nextName([...items, item('M2'), item('M4')], 'mesa')).toBe('M6');
  });

  it('a rename is taken into account: the renamed number is free again', () => {
    expect(nextName([item('M1'), item('M7')], 'mesa')).toBe('M2');
    expect(nextName([item('M1'), item('M2')], 'mesa')).toBe('M3');
  });

  it("another kind's numbers do not count", () => {
    expect(nextName([item('S4', 'silla')], 'mesa')).toBe('M1');
  });
});

describe('name rules', () => {
  const items = [item('M1'), item('S1', 'silla')];
  it('required, at most 4 characters', () => {
    expect(nameError('  ', 'mesa', items, null)).toBe('floor.rules.nameRequired');
    expect(nameError('M1234', 'mesa', items, null)).toBe('floor.rules.nameMax');
  });
  it("the kind's letter plus a number, otherwise 'invalid name'", () => {
    expect(nameError('S2', 'mesa', items, null)).toBe('floor.rules.nameInvalid');
    expect(nameError('D2', 'mesa', items, null)).toBe('floor.rules.nameInvalid');
    expect(nameError('M2', 'silla', items, null)).toBe('floor.rules.nameInvalid');
    expect(nameError('S2', 'delivery', items, null)).toBe('floor.rules.nameInvalid');
    expect(nameError('Bar', 'mesa', items, null)).toBe('floor.rules.nameInvalid');
    expect(nameError('M0', 'mesa', items, null)).toBe('floor.rules.nameInvalid');
    expect(nameError('m12', 'mesa', items, null)).toBeNull();
    expect(nameError('D9', 'delivery', items, null)).toBeNull();
  });
  it('unique among the places, the place itself aside', () => {
    expect(nameError('m1', 'mesa', items, null)).toBe('floor.rules.nameTaken');
    expect(nameError('M1', 'mesa', items, items[0].key)).toBeNull();
  });
});

describe('placing', () => {
  it('the first free cell, row by row', () => {
    expect(freeCell([])).toEqual({ x: 0, y: 0 });
    expect(freeCell([item('M1', 'mesa', { x: 0, y: 0, w: 2, h: 2 })])).toEqual({ x: 2, y: 0 });
    expect(freeCell([item('M1', 'mesa', { x: 0, y: 0, w: 24, h: 1 })])).toEqual({ x: 0, y: 1 });
  });
  it('a full grid has no room', () => {
    expect(newItem([item('M1', 'mesa', { x: 0, y: 0, w: 24, h: MAX_ROWS })], 'silla', 1, 'n')).toBeNull();
    expect(MAX_ROWS).toBe(11);
  });
});

describe('save', () => {
  it('what changed: new, moved and removed places', () => {
    const loaded = [item('M1', 'mesa', { id: 1 }), item('M2', 'mesa', { id: 2 }), item('M3', 'mesa', { id: 3 })];
    const current = [{ ...loaded[0] }, { ...loaded[1], x: loaded[1].x + 1 }, item('M4')];
    const c = changesOf(loaded, current);
    expect(c.created.map((i) => i.name)).toEqual(['M4']);
    expect(c.updated.map((i) => i.name)).toEqual(['M2']);
    expect(c.deleted.map((i) => i.name)).toEqual(['M3']);
  });

  it('nothing new, changed or removed: no call, the no-data answer', async () => {
    const loaded = [item('M1', 'mesa', { id: 1 })];
    const api = { createSits: vi.fn(), updateSits: vi.fn(), deleteSits: vi.fn() };
    expect(await saveSketch(7, loaded, [{ ...loaded[0] }], api)).toEqual({ kind: 'noData' });
    expect(api.createSits).not.toHaveBeenCalled();
    expect(api.updateSits).not.toHaveBeenCalled();
    expect(api.deleteSits).not.toHaveBeenCalled();
  });

  it('creates, matches the new ids by name, updates, deletes; the places in use are named', async () => {
    const loaded = [item('M1', 'mesa', { id: 1 }), item('M2', 'mesa', { id: 2 }), item('M3', 'mesa', { id: 3 })];
    const created = item('M4');
    const api = {
      createSits: vi.fn(async () => [sit(40, 'm4')]),
      updateSits: vi.fn(async () => [sit(1, 'M1')]),
      deleteSits: vi.fn(async () => ({ active_locations: [sit(3, 'M3')] })),
    };
    const result = await saveSketch(7, loaded, [{ ...loaded[0], name: 'M9' }, created], api);
    expect(result).toEqual({ kind: 'saved', inUse: ['M3'], ids: { [created.key]: 40 } });
    expect(api.createSits).toHaveBeenCalledWith([expect.objectContaining({ fk_resto: 7, i_name: 'M4', sit_type: 'mesa', w_width: 1, h_high: 1 })]);
    expect(api.createSits.mock.calls[0]).toEqual([[expect.not.objectContaining({ id: expect.anything() })]]);
    expect(api.updateSits).toHaveBeenCalledWith([expect.objectContaining({ id: 1, i_name: 'M9', details: '', admin: true })]);
    expect(api.deleteSits).toHaveBeenCalledWith([2, 3]);
  });

  it('removes first, then updates, then creates: a removed place’s name is free for a new one in the same save', async () => {
    const loaded = [item('M1', 'mesa', { id: 1 }), item('M2', 'mesa', { id: 2 }), item('M3', 'mesa', { id: 3 })];
    const calls: string[] = [];
    const api = {
      createSits: vi.fn(async () => (calls.push('create'), [sit(40, 'M3')])),
      updateSits: vi.fn(async () => (calls.push('update'), [sit(1, 'M2')])),
      deleteSits: vi.fn(async () => (calls.push('delete'), { active_locations: [] })),
    };
    // M2 and M3 removed, M1 renamed to M2, a new table takes M3
    const result = await saveSketch(7, loaded, [{ ...loaded[0], name: 'M2' }, item('M3')], api);
    expect(result).toMatchObject({ kind: 'saved', inUse: [] });
    expect(calls).toEqual(['delete', 'update', 'create']);
  });
});
