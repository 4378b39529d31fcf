import { describe, expect, it } from 'vitest';
import {
  addCategory,
  addDish,
  canMove,
  categoryChanges,
  fromServer,
  menuProblems,
  moveItem,
  positionOf,
  removeItem,
  renameItem,
  toServer,
  validPositions,
  type Tree,
} from './tree-model';
import type { MenuTree } from '../api/types';
import { menuTree } from '../testing/catalog-handlers';

// the shared fake menu, with Provoleta disabled: a disabled dish stays in the tree
const SERVER: MenuTree = menuTree();
SERVER.data[0].dishes[1].disable = true;

const tree = (): Tree => fromServer(SERVER);
const names = (t: Tree): unknown =>
  t.map((c) => ({ [c.name]: c.children.length ? names(c.children) : c.dishes.map((d) => d.name) }));

describe('the menu tree', () => {
  it('reads the server tree and writes it back in the create-nestable-menu shape', () => {
    const body = toServer(tree(), { pk: 1, restaurant: 7, name: ' Carta ', delivery: true });
    expect(body).toEqual({
      pk: 1,
      restaurant: 7,
      name: 'Carta',
      delivery: true,
      group_menu: [
        { id: 10, name: 'Entradas', dishes: [{ pk: 100, name: 'Empanada' }, { pk: 101, name: 'Provoleta' }], sub_categories: [] },
        { id: 20, name: 'Bebidas', dishes: [], sub_categories: [{ id: 21, name: 'Vinos', dishes: [{ pk: 200, name: 'Malbec' }], sub_categories: [] }] },
      ],
    });
  });

  it('new categories and dishes go without ids; a new dish carries its price', () => {
    let t: Tree = [];
    let key: string;
    ({ tree: t, key } = addCategory(t, 'Postres'));
    ({ tree: t } = addDish(t, key, 'Flan', '3000.00'));
    expect(toServer(t, { restaurant: 7, name: 'Nueva', delivery: false })).toEqual({
      restaurant: 7, name: 'Nueva', delivery: false,
      group_menu: [{ name: 'Postres', dishes: [{ name: 'Flan', price: '3000.00' }], sub_categories: [] }],
    });
  });

  it('the add-category order places the category (1 is first)', () => {
    const { tree: t } = addCategory(tree(), 'Principales', { order: 2 });
    expect(t.map((c) => c.name)).toEqual(['Entradas', 'Principales', 'Bebidas']);
    const { tree: last } = addCategory(tree(), 'Postres', { order: 99 });
    expect(last.map((c) => c.name)).toEqual(['Entradas', 'Bebidas', 'Postres']);
  });

  it('a sub-category cannot be added to a category that holds dishes', () => {
    const before = tree();
    expect(addCategory(before, 'X', { parent: 'c-10' }).tree).toBe(before);
    expect(names(addCategory(before, 'Cervezas', { parent: 'c-20' }).tree)).toEqual([
      { Entradas: ['Empanada', 'Provoleta'] },
      { Bebidas: [{ Vinos: ['Malbec'] }, { Cervezas: [] }] },
    ]);
  });

  it('a dish cannot be added to a category that holds sub-categories', () => {
    const before = tree();
    expect(addDish(before, 'c-20', 'Agua', '100').tree).toBe(before);
  });
});

describe('drag rules: dishes move only among dish lists, categories only among categories', () => {
  it('a dish reorders within its list and moves to another dish list', () => {
    expect(names(moveItem(tree(), 'd-101', { parent: 'c-10', index: 0 }))).toEqual([
      { Entradas: ['Provoleta', 'Empanada'] },
      { Bebidas: [{ Vinos: ['Malbec'] }] },
    ]);
    expect(names(moveItem(tree(), 'd-100', { parent: 'c-21', index: 1 }))).toEqual([
      { Entradas: ['Provoleta'] },
      { Bebidas: [{ Vinos: ['Malbec', 'Empanada'] }] },
    ]);
  });

  it('a dish cannot go to the top level nor into a category of sub-categories', () => {
    expect(canMove(tree(), 'd-100', { parent: null, index: 0 })).toBe(false);
    expect(canMove(tree(), 'd-100', { parent: 'c-20', index: 0 })).toBe(false);
    const before = tree();
    expect(moveItem(before, 'd-100', { parent: 'c-20', index: 0 })).toBe(before);
  });

  it('a category reorders among categories and nests into a category without dishes', () => {
    expect(moveItem(tree(), 'c-20', { parent: null, index: 0 }).map((c) => c.name)).toEqual(['Bebidas', 'Entradas']);
    expect(names(moveItem(tree(), 'c-21', { parent: null, index: 2 }))).toEqual([
      { Entradas: ['Empanada', 'Provoleta'] },
      { Bebidas: [] },
      { Vinos: ['Malbec'] },
    ]);
  });

  it('a category cannot go into a dish list nor inside itself', () => {
    expect(canMove(tree(), 'c-20', { parent: 'c-10', index: 0 })).toBe(false);
    expect(canMove(tree(), 'c-20', { parent: 'c-21', index: 0 })).toBe(false);
    expect(canMove(tree(), 'c-21', { parent: 'c-10', index: 0 })).toBe(false);
  });

  it('the keyboard walks a dish through every dish list, in screen order', () => {
    expect(validPositions(tree(), 'd-100')).toEqual([
      { parent: 'c-10', index: 0 },
      { parent: 'c-10', index: 1 },
      { parent: 'c-21', index: 0 },
      { parent: 'c-21', index: 1 },
    ]);
  });

  it('the keyboard walks a category through the top level and categories without dishes', () => {
    expect(validPositions(tree(), 'c-10')).toEqual([
      { parent: null, index: 0 },
      { parent: 'c-20', index: 0 },
      { parent: 'c-20', index: 1 },
      { parent: null, index: 1 },
    ]);
    // never inside itself
    expect(validPositions(tree(), 'c-20').some((p) => p.parent === 'c-21' || p.parent === 'c-20')).toBe(false);
  });

  it('positions, removal and renames', () => {
    expect(positionOf(tree(), 'd-200')).toEqual({ parent: 'c-21', index: 0 });
    expect(names(removeItem(tree(), 'c-21').tree)).toEqual([{ Entradas: ['Empanada', 'Provoleta'] }, { Bebidas: [] }]);
    expect(names(renameItem(tree(), 'd-200', 'Cabernet'))).toEqual([{ Entradas: ['Empanada', 'Provoleta'] }, { Bebidas: [{ Vinos: ['Cabernet'] }] }]);
  });
});

describe('the rules of a save (spec part 1 §5 Menu), as the server checks them', () => {
  it('a good menu has no problems', () => {
    expect(menuProblems(tree(), 'Carta')).toEqual([]);
  });

  it('menu name required; the menu cannot be empty', () => {
    expect(menuProblems([], ' ')).toEqual(['catalog.menu.rules.nameRequired', 'catalog.menu.rules.menuEmpty']);
  });

  it('each category needs a name and at least one child', () => {
    const { tree: t } = addCategory(tree(), '  ');
    expect(menuProblems(t, 'Carta')).toEqual(['catalog.menu.rules.categoryNameEmpty', 'catalog.menu.rules.categoryEmpty']);
  });

  it('dishes cannot be empty, and are unique in their category', () => {
    let t = renameItem(tree(), 'd-100', ' ');
    expect(menuProblems(t, 'Carta')).toEqual(['catalog.menu.rules.dishEmpty']);
    t = renameItem(tree(), 'd-101', 'EMPANADA');
    expect(menuProblems(t, 'Carta')).toEqual(['catalog.dish.errors.unique']);
  });

  it('moving the last dish out leaves its category empty', () => {
    const t = moveItem(tree(), 'd-200', { parent: 'c-10', index: 0 });
    expect(menuProblems(t, 'Carta')).toEqual(['catalog.menu.rules.categoryEmpty']);
  });
});

describe('what a save changed in the categories (spec part 1 §8 success messages)', () => {
  const none = { created: 0, updated: 0, deleted: 0 };

  it('nothing, when only dishes changed', () => {
    let t = moveItem(tree(), 'd-100', { parent: 'c-21', index: 0 });
    t = renameItem(t, 'd-101', 'Provoleta grande');
    t = addDish(t, 'c-10', 'Humita', '2000').tree;
    expect(categoryChanges(tree(), t)).toEqual(none);
    expect(categoryChanges(tree(), renameItem(tree(), 'c-10', ' Entradas '))).toEqual(none);
  });

  it('counts created categories and sub-categories, under new parents too', () => {
    let t = addCategory(tree(), 'Postres').tree;
    const { tree: withSub } = addCategory(t, 'Cervezas', { parent: 'c-20' });
    t = withSub;
    const postres = t.find((c) => c.name === 'Postres')!.key;
    t = addCategory(t, 'Helados', { parent: postres }).tree;
    expect(categoryChanges(tree(), t)).toEqual({ created: 3, updated: 0, deleted: 0 });
    // a new menu: all its categories are new
    expect(categoryChanges([], addCategory([], 'Postres').tree)).toEqual({ created: 1, updated: 0, deleted: 0 });
  });

  it('a rename, a reorder and a change of parent are updates', () => {
    expect(categoryChanges(tree(), renameItem(tree(), 'c-21', 'Vinos tintos'))).toEqual({ ...none, updated: 1 });
    // both swap places
    expect(categoryChanges(tree(), moveItem(tree(), 'c-20', { parent: null, index: 0 }))).toEqual({ ...none, updated: 2 });
    expect(categoryChanges(tree(), moveItem(tree(), 'c-21', { parent: null, index: 2 }))).toEqual({ ...none, updated: 1 });
  });

  it('a category only pushed along by one added or removed next to it is not updated', () => {
    expect(categoryChanges(tree(), addCategory(tree(), 'Promos', { order: 1 }).tree)).toEqual({ ...none, created: 1 });
    expect(categoryChanges(tree(), removeItem(tree(), 'c-10').tree)).toEqual({ ...none, deleted: 1 });
  });

  it('a removed category is deleted with its sub-categories', () => {
    expect(categoryChanges(tree(), removeItem(tree(), 'c-20').tree)).toEqual({ ...none, deleted: 2 });
  });

  it('moved under a new category: updated, and the new one created', () => {
    const { tree: t, key } = addCategory(tree(), 'Alcohol', { parent: 'c-20' });
    const moved = moveItem(t, 'c-21', { parent: key, index: 0 });
    expect(categoryChanges(tree(), moved)).toEqual({ created: 1, updated: 1, deleted: 0 });
  });
});
