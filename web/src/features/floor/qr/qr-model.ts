import type { SheetLayout, Sit, SitType } from '../api/types';

/** QR grid page sizes (spec part 2 §9): 6, 12, 18; 4, 8, 12 on medium screens. */
export const PAGE_SIZES = [6, 12, 18] as const;
export const MEDIUM_PAGE_SIZES = [4, 8, 12] as const;

/** The layouts of the joint download (spec part 2 §9: grids 3x3, 4x4, 5x5; 4 per page with instructions). */
export const JOINT_LAYOUTS = ['3x3', '4x4', '5x5', '4-instrucciones'] as const satisfies readonly SheetLayout[];
export type JointLayout = (typeof JOINT_LAYOUTS)[number];

/** What the joint download takes: all places, a list, only tables or only chairs. */
export const SCOPES = ['all', 'list', 'mesa', 'silla'] as const;
export type Scope = (typeof SCOPES)[number];

const KIND_ORDER: Record<SitType, number> = { mesa: 0, silla: 1, delivery: 2 };
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Tables, then chairs, then delivery points; by name with numbers in order (M2 before M10). */
export function sortPlaces(sits: Sit[]): Sit[] {
  return [...sits].sort((a, b) => KIND_ORDER[a.sit_type] - KIND_ORDER[b.sit_type] || collator.compare(a.i_name, b.i_name));
}

/** The search: a place's name or its menu's, ignoring case and accents. */
export function searchPlaces(sits: Sit[], search: string): Sit[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(search.trim());
  if (!q) return sits;
  return sits.filter((s) => fold(s.i_name).includes(q) || fold(s.menu_name ?? '').includes(q));
}

/** One page of the list (pages from 1). */
export function pageOf<T>(list: T[], page: number, size: number): T[] {
  return list.slice((page - 1) * size, page * size);
}

/** The page size kept when the screen changes between medium and large: the same position in the other list. */
export function sizeFor(size: number, medium: boolean): number {
  const from = medium ? PAGE_SIZES : MEDIUM_PAGE_SIZES;
  const to = medium ? MEDIUM_PAGE_SIZES : PAGE_SIZES;
  const i = (from as readonly number[]).indexOf(size);
  return i >= 0 ? to[i] : (to as readonly number[]).includes(size) ? size : to[0];
}

/**
 * The joint download's request: all places, one kind, or the chosen list. Null when it cannot be
 * asked: a list with nothing chosen, or a kind the restaurant has none of.
 */
export function jointQuery(sits: Sit[], scope: Scope, chosen: number[]): { sitType?: SitType; ids?: number[] } | null {
  if (scope === 'all') return sits.length ? {} : null;
  if (scope === 'list') {
    const known = new Set(sits.map((s) => s.id));
    const ids = chosen.filter((id) => known.has(id));
    return ids.length ? { ids } : null;
  }
  return sits.some((s) => s.sit_type === scope) ? { sitType: scope } : null;
}

/** The file every QR sheet is saved as, one place's or several (spec part 2 §9: 'QR file qr_menu.pdf'). */
export const QR_FILENAME = 'qr_menu.pdf';
