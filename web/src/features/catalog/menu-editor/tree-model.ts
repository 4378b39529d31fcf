/**
 * The menu editor's tree, as pure functions (spec part 1 §2 'Menu editor', §5 'Menu'):
 * categories hold either dishes (the last level) or sub-categories, never both; dishes move only
 * among dish lists, categories only among categories. The same rules as the server's
 * (services/catalog/catalog/menu/tree.py `check`), so a save the client allows is one it accepts.
 */
import type { CategoryNodeIn, CategoryTree, MenuTree, NestedMenu } from '../api/types';

export type DishItem = { kind: 'dish'; key: string; pk?: number; name: string; price?: string; disable?: boolean };
export type CategoryItem = { kind: 'category'; key: string; id?: number; name: string; dishes: DishItem[]; children: CategoryItem[] };
export type Tree = CategoryItem[];
/** Where an item goes: a parent (a category's key, or null for the top level) and an index. */
export type Position = { parent: string | null; index: number };

export const NAME_MAX = { menu: 100, category: 100, dish: 60 } as const;

let counter = 0;
export const newKey = (kind: 'c' | 'd') => `new-${kind}-${++counter}`;

// --- conversion ----------------------------------------------------------------------------------

export function fromServer(tree: MenuTree): Tree {
  const category = (c: CategoryTree): CategoryItem => ({
    kind: 'category',
    key: `c-${c.id}`,
    id: c.id,
    name: c.name,
    dishes: c.dishes.map((d) => ({ kind: 'dish', key: `d-${d.pk}`, pk: d.pk, name: d.name, price: d.price, disable: d.disable })),
    children: c.sub_categories.map(category),
  });
  return tree.data.map(category);
}

/** The create-nestable-menu/ body: positions in the lists are the order. */
export function toServer(tree: Tree, menu: { pk?: number; restaurant: number; name: string; delivery: boolean }): NestedMenu {
  const category = (c: CategoryItem): CategoryNodeIn => ({
    ...(c.id != null ? { id: c.id } : {}),
    name: c.name.trim(),
    dishes: c.dishes.map((d) => (d.pk != null ? { pk: d.pk, name: d.name.trim() } : { name: d.name.trim(), price: d.price ?? null })),
    sub_categories: c.children.map(category),
  });
  return {
    ...(menu.pk != null ? { pk: menu.pk } : {}),
    restaurant: menu.restaurant,
    name: menu.name.trim(),
    delivery: menu.delivery,
    group_menu: tree.map(category),
  };
}

// --- lookup --------------------------------------------------------------------------------------

export function findCategory(tree: Tree, key: string): CategoryItem | undefined {
  for (const c of tree) {
    if (c.key === key) return c;
    const inner = findCategory(c.children, key);
    if (inner) return inner;
  }
  return undefined;
}

/** The position of an item (dish or category) in the tree. */
export function positionOf(tree: Tree, key: string): Position | undefined {
  const top = tree.findIndex((c) => c.key === key);
  if (top >= 0) return { parent: null, index: top };
  const walk = (list: Tree): Position | undefined => {
    for (const c of list) {
      const d = c.dishes.findIndex((x) => x.key === key);
      if (d >= 0) return { parent: c.key, index: d };
      const s = c.children.findIndex((x) => x.key === key);
      if (s >= 0) return { parent: c.key, index: s };
      const inner = walk(c.children);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(tree);
}

export function kindOf(tree: Tree, key: string): 'dish' | 'category' | undefined {
  if (findCategory(tree, key)) return 'category';
  return positionOf(tree, key) ? 'dish' : undefined;
}

function contains(category: CategoryItem, key: string): boolean {
  return category.key === key || category.children.some((c) => contains(c, key));
}

// --- immutable edits -----------------------------------------------------------------------------

function mapCategories(tree: Tree, fn: (c: CategoryItem) => CategoryItem): Tree {
  return tree.map((c) => fn({ ...c, children: mapCategories(c.children, fn) }));
}

/** Remove an item (dish or category, with its subtree); returns the tree and what was removed. */
export function removeItem(tree: Tree, key: string): { tree: Tree; item?: DishItem | CategoryItem } {
  let item: DishItem | CategoryItem | undefined;
  const prune = (list: Tree): Tree =>
    list
      .filter((c) => {
        if (c.key === key) item = c;
        return c.key !== key;
      })
      .map((c) => {
        const dish = c.dishes.find((d) => d.key === key);
        if (dish) item = dish;
        return { ...c, dishes: dish ? c.dishes.filter((d) => d.key !== key) : c.dishes, children: prune(c.children) };
      });
  const next = prune(tree);
  return { tree: item ? next : tree, item };
}

function insert(tree: Tree, item: DishItem | CategoryItem, to: Position): Tree {
  if (item.kind === 'category' && to.parent === null) {
    const list = [...tree];
    list.splice(Math.min(to.index, list.length), 0, item);
    return list;
  }
  return mapCategories(tree, (c) => {
    if (c.key !== to.parent) return c;
    if (item.kind === 'dish') {
      const dishes = [...c.dishes];
      dishes.splice(Math.min(to.index, dishes.length), 0, item);
      return { ...c, dishes };
    }
    const children = [...c.children];
    children.splice(Math.min(to.index, children.length), 0, item);
    return { ...c, children };
  });
}

/**
 * Whether `key` may go to `to` (a position in the tree *without* the item):
 * a dish only into a category without sub-categories; a category only at the top level or into
 * a category without dishes, never into itself.
 */
export function canMove(tree: Tree, key: string, to: Position): boolean {
  const kind = kindOf(tree, key);
  if (!kind) return false;
  if (to.parent === null) return kind === 'category';
  const target = findCategory(tree, to.parent);
  if (!target) return false;
  if (kind === 'dish') return target.children.length === 0;
  const moving = findCategory(tree, key) as CategoryItem;
  return !contains(moving, to.parent) && target.dishes.length === 0;
}

/** Move an item; `to` is a position in the tree without the item. Refused moves change nothing. */
export function moveItem(tree: Tree, key: string, to: Position): Tree {
  if (!canMove(tree, key, to)) return tree;
  const { tree: without, item } = removeItem(tree, key);
  if (!item) return tree;
  return insert(without, item, to);
}

/**
 * Every position the item may take, in the order they appear on screen (positions in the tree
 * without the item). The keyboard moves an item to the previous / next one of these.
 */
export function validPositions(tree: Tree, key: string): Position[] {
  const kind = kindOf(tree, key);
  if (!kind) return [];
  const { tree: without } = removeItem(tree, key);
  const out: Position[] = [];
  if (kind === 'dish') {
    const walk = (list: Tree) => {
      for (const c of list) {
        if (c.children.length === 0) for (let i = 0; i <= c.dishes.length; i++) out.push({ parent: c.key, index: i });
        else walk(c.children);
      }
    };
    walk(without);
    return out;
  }
  const walk = (list: Tree, parent: string | null) => {
    list.forEach((c, i) => {
      out.push({ parent, index: i });
      if (c.dishes.length === 0) walk(c.children, c.key);
    });
    out.push({ parent, index: list.length });
  };
  walk(without, null);
  return out;
}

export function samePosition(a: Position | undefined, b: Position | undefined): boolean {
  return !!a && !!b && a.parent === b.parent && a.index === b.index;
}

/** Add a top-level category at `order` (1-based, clamped), or a sub-category of `parent`. */
export function addCategory(tree: Tree, name: string, opts: { order?: number; parent?: string | null } = {}): { tree: Tree; key: string } {
  const item: CategoryItem = { kind: 'category', key: newKey('c'), name: name.trim(), dishes: [], children: [] };
  const parent = opts.parent ?? null;
  const siblings = parent === null ? tree : (findCategory(tree, parent)?.children ?? []);
  const index = opts.order != null && opts.order >= 1 ? Math.min(opts.order - 1, siblings.length) : siblings.length;
  if (parent !== null && (findCategory(tree, parent)?.dishes.length ?? 1) > 0) return { tree, key: item.key };
  return { tree: insert(tree, item, { parent, index }), key: item.key };
}

/** Add a new dish (name and price) at the end of a category without sub-categories. */
export function addDish(tree: Tree, category: string, name: string, price: string): { tree: Tree; key: string } {
  const item: DishItem = { kind: 'dish', key: newKey('d'), name: name.trim(), price };
  const target = findCategory(tree, category);
  if (!target || target.children.length > 0) return { tree, key: item.key };
  return { tree: insert(tree, item, { parent: category, index: target.dishes.length }), key: item.key };
}

export function renameItem(tree: Tree, key: string, name: string): Tree {
  return mapCategories(tree, (c) => ({
    ...c,
    name: c.key === key ? name : c.name,
    dishes: c.dishes.some((d) => d.key === key) ? c.dishes.map((d) => (d.key === key ? { ...d, name } : d)) : c.dishes,
  }));
}

// --- what a save changed ---------------------------------------------------------------------------

/** How many categories (at any depth) a save created, updated and deleted. */
export type CategoryChanges = { created: number; updated: number; deleted: number };

type Place = { name: string; parent: string; siblings: CategoryItem[] };

function places(tree: Tree): { byId: Map<number, Place>; fresh: number } {
  const byId = new Map<number, Place>();
  let fresh = 0;
  const walk = (list: Tree, parent: string) =>
    list.forEach((c) => {
      if (c.id != null) byId.set(c.id, { name: c.name.trim(), parent, siblings: list });
      else fresh++;
      // a new parent has no id yet; its key cannot collide with an id's tag
      walk(c.children, c.id != null ? `#${c.id}` : c.key);
    });
  walk(tree, '');
  return { byId, fresh };
}

/**
 * The category side of a save, for its success messages (spec part 1 §8): `before` is the tree as
 * loaded, `after` the tree sent. Names compare trimmed, as toServer sends them. A category counts
 * as moved only when its order among the siblings it kept changed: one merely pushed along by a
 * category added or removed next to it was not touched by the owner (though the server renumbers it).
 */
export function categoryChanges(before: Tree, after: Tree): CategoryChanges {
  const was = places(before).byId;
  const { byId: now, fresh } = places(after);
  const kept = (id: number) => was.has(id) && was.get(id)?.parent === now.get(id)?.parent;
  const rank = (id: number, place: Place) => place.siblings.filter((s) => s.id != null && kept(s.id)).findIndex((s) => s.id === id);
  let updated = 0;
  let deleted = 0;
  for (const [id, old] of was) {
    const cur = now.get(id);
    if (!cur) deleted++;
    else if (old.name !== cur.name || old.parent !== cur.parent || rank(id, old) !== rank(id, cur)) updated++;
  }
  return { created: fresh, updated, deleted };
}

// --- the rules of a save ---------------------------------------------------------------------------

/** Catalog ids of every problem of the menu (spec part 1 §5 'Menu'), each once, as the server finds them. */
export function menuProblems(tree: Tree, name: string): string[] {
  const problems = new Set<string>();
  const menuName = name.trim();
  if (!menuName) problems.add('catalog.menu.rules.nameRequired');
  else if (menuName.length > NAME_MAX.menu) problems.add('catalog.menu.rules.nameTooLong');
  if (tree.length === 0) problems.add('catalog.menu.rules.menuEmpty');
  const visit = (c: CategoryItem) => {
    const cname = c.name.trim();
    if (!cname) problems.add('catalog.menu.rules.categoryNameEmpty');
    else if (cname.length > NAME_MAX.category) problems.add('catalog.menu.rules.categoryNameTooLong');
    if (c.dishes.length === 0 && c.children.length === 0) problems.add('catalog.menu.rules.categoryEmpty');
    if (c.dishes.length > 0 && c.children.length > 0) problems.add('catalog.menu.rules.categoryOnlyDishes');
    const names = new Set<string>();
    for (const d of c.dishes) {
      const dname = d.name.trim();
      if (!dname) problems.add('catalog.menu.rules.dishEmpty');
      else if (dname.length > NAME_MAX.dish) problems.add('catalog.menu.rules.dishNameTooLong');
      else if (names.has(dname.toLowerCase())) problems.add('catalog.dish.errors.unique');
      names.add(dname.toLowerCase());
      if (d.pk == null && dname && !(Number(d.price) >= 1)) problems.add('catalog.menu.rules.newDishPrice');
    }
    c.children.forEach(visit);
  };
  tree.forEach(visit);
  return [...problems];
}

/** Counts for the screen reader's announcement and the tests. */
export function describePosition(tree: Tree, pos: Position): { parentName: string | null; index: number } {
  return { parentName: pos.parent ? (findCategory(tree, pos.parent)?.name ?? null) : null, index: pos.index + 1 };
}
