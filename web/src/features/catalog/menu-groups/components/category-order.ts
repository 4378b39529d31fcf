import type { Category } from '../../api/types';

export type CategoryRow = { category: Category; depth: number; path: string };

/** Categories by parent, each list in the menu's order (order, then id: the server's tie-break). */
export function childrenByParent(categories: Category[]): Map<number | null, Category[]> {
  const byParent = new Map<number | null, Category[]>();
  for (const c of categories) byParent.set(c.sub_category, [...(byParent.get(c.sub_category) ?? []), c]);
  for (const list of byParent.values()) list.sort((a, b) => a.order - b.order || a.id - b.id);
  return byParent;
}

/**
 * After a drag inside one parent: the siblings' new order is their position from 1, and only
 * those whose `order` differs are sent (equal orders left by older data are spread out too).
 */
export function reorderMoves(siblings: Category[], fromId: number, toId: number): { id: number; order: number }[] {
  const from = siblings.findIndex((c) => c.id === fromId);
  const to = siblings.findIndex((c) => c.id === toId);
  if (from < 0 || to < 0 || from === to) return [];
  const next = [...siblings];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next.flatMap((c, i) => (c.order === i + 1 ? [] : [{ id: c.id, order: i + 1 }]));
}

/** The next `order` for a new category under `parent`: after its last sibling. */
export function nextOrder(categories: Category[], parent: number | null): number {
  const siblings = categories.filter((c) => c.sub_category === parent);
  return siblings.reduce((max, c) => Math.max(max, c.order), 0) + 1;
}
