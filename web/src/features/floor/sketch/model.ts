import type { Sit, SitInput, SitType } from '../api/types';

/** Spec part 1 §9: 24 columns, rows of 50 px, margin 1, items 1 by 1, names of at most 4 characters. */
export const GRID = { cols: 24, rowHeight: 50, margin: 1, height: 600 } as const;
/** The rows that fit in the editor's 600 px (each row is its height plus the margin). */
export const MAX_ROWS = Math.floor((GRID.height - GRID.margin) / (GRID.rowHeight + GRID.margin));
export const NAME_MAX = 4;

export const KINDS: readonly SitType[] = ['mesa', 'silla', 'delivery'];
/** Item naming (spec part 1 §4): table M, chair S, delivery point D, plus a number. */
export const PREFIX: Record<SitType, string> = { mesa: 'M', silla: 'S', delivery: 'D' };

/** A place as the editor holds it: `key` stays while the name changes; no `id` until saved. */
export type Item = {
  key: string;
  id?: number;
  name: string;
  type: SitType;
  x: number;
  y: number;
  w: number;
  h: number;
  menu: number;
  blocked: boolean;
  admin: boolean;
  details: string;
};

export function fromSit(s: Sit): Item {
  return {
    key: `s${s.id}`,
    id: s.id,
    name: s.i_name,
    type: s.sit_type,
    x: s.x_axis,
    y: s.y_axis,
    w: s.w_width,
    h: s.h_high,
    menu: s.fk_menu,
    blocked: s.blocked,
    admin: s.admin ?? true,
    details: s.details ?? '',
  };
}

export function toInput(item: Item, restaurant: number): SitInput {
  return {
    ...(item.id != null ? { id: item.id } : {}),
    fk_resto: restaurant,
    fk_menu: item.menu,
    i_name: item.name,
    sit_type: item.type,
    x_axis: item.x,
    y_axis: item.y,
    w_width: item.w,
    h_high: item.h,
    blocked: item.blocked,
    admin: item.admin,
    details: item.details,
  };
}

const numbered = /^([MSD])(\d+)$/i;

/** The numbers a kind's names use (M3 → 3); names outside the pattern take none. */
export function numbersOf(items: Item[], type: SitType): Set<number> {
  const out = new Set<number>();
  for (const it of items) {
    const m = numbered.exec(it.name.trim());
    if (it.type === type && m && m[1].toUpperCase() === PREFIX[type]) out.add(Number(m[2]));
  }
  return out;
}

/**
 * The counter of a kind is its highest number; the numbers missing below it are reused first,
 * lowest first (spec part 1 §4 'Item naming'). Worked out from the items each time, so it is
 * right after a load, a rename and a removal alike.
 */
export function nextName(items: Item[], type: SitType): string {
  const used = numbersOf(items, type);
  const counter = Math.max(0, ...used);
  for (let n = 1; n < counter; n++) if (!used.has(n)) return `${PREFIX[type]}${n}`;
  return `${PREFIX[type]}${counter + 1}`;
}

/**
 * A place's name (spec part 1 §5 'Sketch item', issue 11): required, at most 4 characters,
 * unique in the restaurant, and its kind's letter plus a number. Returns the message id, or null.
 */
export function nameError(name: string, type: SitType, items: Item[], selfKey: string | null): string | null {
  const value = name.trim();
  if (!value) return 'floor.rules.nameRequired';
  if (value.length > NAME_MAX) return 'floor.rules.nameMax';
  const m = numbered.exec(value);
  if (!m || m[1].toUpperCase() !== PREFIX[type] || Number(m[2]) < 1) return 'floor.rules.nameInvalid';
  if (items.some((it) => it.key !== selfKey && it.name.trim().toUpperCase() === value.toUpperCase())) return 'floor.rules.nameTaken';
  return null;
}

/** The first free 1 by 1 cell, row by row; null when the grid is full. */
export function freeCell(items: Item[], cols: number = GRID.cols, rows: number = MAX_ROWS): { x: number; y: number } | null {
  const taken = (x: number, y: number) => items.some((it) => x >= it.x && x < it.x + it.w && y >= it.y && y < it.y + it.h);
  for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) if (!taken(x, y)) return { x, y };
  return null;
}

/** A new place of a kind, with its automatic name, in the first free cell. */
export function newItem(items: Item[], type: SitType, menu: number, key: string): Item | null {
  const cell = freeCell(items);
  if (!cell) return null;
  return { key, name: nextName(items, type), type, ...cell, w: 1, h: 1, menu, blocked: false, admin: true, details: '' };
}

const FIELDS = ['name', 'type', 'x', 'y', 'w', 'h', 'menu', 'blocked', 'admin', 'details'] as const;
const same = (a: Item, b: Item) => FIELDS.every((f) => a[f] === b[f]);

export type Changes = { created: Item[]; updated: Item[]; deleted: Item[] };

/** What a save sends: places without an id, places that differ from the loaded ones, places gone. */
export function changesOf(loaded: Item[], current: Item[]): Changes {
  const before = new Map(loaded.filter((it) => it.id != null).map((it) => [it.id!, it]));
  const now = new Set(current.filter((it) => it.id != null).map((it) => it.id!));
  return {
    created: current.filter((it) => it.id == null),
    updated: current.filter((it) => it.id != null && before.has(it.id) && !same(before.get(it.id)!, it)),
    deleted: loaded.filter((it) => it.id != null && !now.has(it.id)),
  };
}

export const isEmpty = (c: Changes) => !c.created.length && !c.updated.length && !c.deleted.length;
