import { describe, expect, it } from 'vitest';
import type { BoardTable } from './api/types';
import { patchTables } from './patch';

const table = (counts: BoardTable['counts'], status: BoardTable['status']): BoardTable => ({
  fk_sit: 4, i_name: 'M1', sit_type: 'mesa', admin: true, status, counts, newest_order_at: null, late: false, late_message: null,
});

describe('socket messages patch the board', () => {
  it('a new order adds its lines', () => {
    const [t] = patchTables([table({}, null)], { type: 'new_order', fk_sit: 4, data: { lines: [{ status: '1' }, { status: '1' }] } })!;
    expect(t.counts).toEqual({ '1': 2 });
    expect(t.status).toBe('1');
  });
  it('moved lines leave their status for the new one; the display status follows', () => {
    const [t] = patchTables([table({ '1': 1, '2': 1 }, '1')], {
      type: 'order_status', fk_sit: 4, data: { changes: [{ from_status: '1', status: '2' }] },
    })!;
    expect(t.counts).toEqual({ '2': 2 });
    expect(t.status).toBe('2');
  });
  it('a freed table is free', () => {
    const [t] = patchTables([table({ '4': 3 }, '4')], { type: 'table_freed', fk_sit: 4, data: {} })!;
    expect(t.status).toBeNull();
  });
  it('says nothing for another place, or what it cannot know', () => {
    expect(patchTables([table({}, null)], { type: 'new_order', fk_sit: 9, data: {} })).toBeNull();
    expect(patchTables([table({ '1': 1 }, '1')], { type: 'order_removed', fk_sit: 4, data: { ids: [1] } })).toBeNull();
  });
});
