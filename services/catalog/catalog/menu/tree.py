"""The nested menu editor: a menu with its whole tree, read and saved in one call.

A save is all or nothing: every rule is checked on the whole tree before anything is written,
and the request's transaction writes it at once. The tree is the truth: categories and dishes
of the menu missing from it are deleted; positions in the lists are the order.
"""
from collections import defaultdict
from dataclasses import dataclass, field

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from catalog import facts, messages
from catalog.category import repository as categories
from catalog.changes import announce, drop_files
from catalog.dish import repository as dishes
from catalog.dish.activity import active_dish_ids
from catalog.menu import service
from catalog.menu.models import CATEGORY_NAME_MAX, DISH_NAME_MAX, MENU_NAME_MAX, Category, Dish, Menu
from catalog.menu.schemas import CategoryNode, CategoryTree, DishLeaf, MenuTree, NestedMenu, NestedMenuSave, NestedMenuSaved
from catalog.prices import price_problem, round_price
from contracts.catalog import CategoryChanged, CategoryCreated, DishChanged, DishCreated, MenuChanged, MenuCreated
from kit.errors import NonFieldError
from kit.i18n import Text
from kit.membership import ensure_restaurant_access
from kit.tokens import Principal

# Generous: the editor's screens hold far less. They bound the work one request can ask for.
MENUS_PER_SAVE_MAX, CATEGORIES_PER_MENU_MAX, DISHES_PER_MENU_MAX = 10, 200, 2000


@dataclass
class Layout:
    """A menu's categories by parent (None: the top level) and dishes by category, each in order."""

    children: dict[int | None, list[Category]]
    dishes: dict[int, list[Dish]]


async def layout(session: AsyncSession, menu_id: int, *, enabled_only: bool = False) -> Layout:
    rows = await categories.of_menu(session, menu_id)  # ordered by (order, id)
    children: dict[int | None, list[Category]] = defaultdict(list)
    for category in rows:
        children[category.parent_id].append(category)
    by_category: dict[int, list[Dish]] = defaultdict(list)
    for dish in await dishes.of_categories(session, [c.id for c in rows], enabled_only=enabled_only):
        by_category[dish.menu_group_id].append(dish)
    for leaves in by_category.values():
        leaves.sort(key=lambda d: (d.order, d.id))
    return Layout(children, by_category)


async def load(session: AsyncSession, menu: Menu) -> MenuTree:
    found = await layout(session, menu.id)

    def node(category: Category) -> CategoryTree:
        leaves = [DishLeaf(pk=d.id, name=d.name, order=d.order, price=d.price, disable=d.disable) for d in found.dishes[category.id]]
        return CategoryTree(
            id=category.id, group_pk=category.id, name=category.name, menu=menu.id, sub_category=category.parent_id,
            order=category.order, dishes=leaves, sub_categories=[node(child) for child in found.children[category.id]],
        )

    return MenuTree(menu=service.public(menu), data=[node(c) for c in found.children[None]])


@dataclass
class Problems:
    texts: list[Text] = field(default_factory=list)

    def add(self, text: Text) -> None:
        if text not in self.texts:
            self.texts.append(text)

    def name(self, name: str, blank: Text, max_length: int) -> bool:
        """Whether a (stripped) name is fine; notes why not."""
        if not name:
            self.add(blank)
        elif len(name) > max_length:
            self.add(messages.NAME_TOO_LONG.format(name=name[:20], max_length=max_length))
        else:
            return True
        return False

    def known(self, pk: int | None, existing: set[int], seen: set[int], elsewhere: Text, twice: Text) -> None:
        """A row the tree names must be one of this menu's, named once."""
        if pk is None:
            return
        if pk not in existing:
            self.add(elsewhere)
        elif pk in seen:
            self.add(twice)
        seen.add(pk)


def size(tree: NestedMenu) -> tuple[int, int]:
    """How many categories and dishes the tree holds."""
    category_count = dish_count = 0
    pending = list(tree.group_menu)
    while pending:
        node = pending.pop()
        category_count += 1
        dish_count += len(node.dishes)
        pending.extend(node.sub_categories)
    return category_count, dish_count


def check_size(body: NestedMenuSave) -> None:
    """Before any work: how many menus, and how large each."""
    if len(body.menus) > MENUS_PER_SAVE_MAX:
        raise NonFieldError(messages.TOO_MANY_MENUS.format(max_menus=MENUS_PER_SAVE_MAX))
    for tree in body.menus:
        category_count, dish_count = size(tree)
        if category_count > CATEGORIES_PER_MENU_MAX or dish_count > DISHES_PER_MENU_MAX:
            raise NonFieldError(
                messages.MENU_TOO_LARGE.format(max_categories=CATEGORIES_PER_MENU_MAX, max_dishes=DISHES_PER_MENU_MAX)
            )


def check(tree: NestedMenu, existing_categories: set[int], existing_dishes: set[int]) -> None:
    """Every rule of spec part 1 §5 'Menu' on the whole tree; raises with all the problems found."""
    problems = Problems()
    problems.name(tree.name.strip(), messages.MENU_NAME_REQUIRED, MENU_NAME_MAX)
    if not tree.group_menu:
        problems.add(messages.MENU_EMPTY)
    seen_categories: set[int] = set()
    seen_dishes: set[int] = set()

    def visit(node: CategoryNode) -> None:
        problems.name(node.name.strip(), messages.CATEGORY_NAME_EMPTY, CATEGORY_NAME_MAX)
        problems.known(node.existing_id, existing_categories, seen_categories, messages.CATEGORY_OTHER_MENU, messages.CATEGORY_TWICE)
        if not node.dishes and not node.sub_categories:
            problems.add(messages.CATEGORY_EMPTY)
        if node.dishes and node.sub_categories:
            problems.add(messages.CATEGORY_ONLY_DISHES)
        names: set[str] = set()
        for dish in node.dishes:
            name = dish.name.strip()
            if problems.name(name, messages.DISH_NAME_EMPTY, DISH_NAME_MAX) and name.lower() in names:
                problems.add(messages.DISH_NAME_TAKEN)
            names.add(name.lower())
            problems.known(dish.pk, existing_dishes, seen_dishes, messages.DISH_OTHER_MENU, messages.DISH_TWICE)
            if dish.pk is None and name:
                problem = None if dish.price is None else price_problem(dish.price)
                if dish.price is None or problem is messages.PRICE_TOO_LOW:
                    problems.add(messages.PRICE_REQUIRED_FOR_NEW_DISH.format(name=name[:20]))
                elif problem is not None:  # too many decimals or digits: say which, of which dish
                    problems.add(messages.DISH_PROBLEM.format(name=name[:20], problem=problem))
        for child in node.sub_categories:
            visit(child)

    for node in tree.group_menu:
        visit(node)
    if problems.texts:
        raise NonFieldError(*problems.texts)


async def save_all(session: AsyncSession, principal: Principal, body: NestedMenuSave) -> NestedMenuSaved:
    check_size(body)
    saved = [await save(session, principal, tree) for tree in body.menus]
    return NestedMenuSaved(menus=[await load(session, menu) for menu in saved])


async def save(session: AsyncSession, principal: Principal, tree: NestedMenu) -> Menu:
    """Create (no pk) or replace (pk) a menu with its whole tree."""
    await ensure_restaurant_access(session, principal, tree.restaurant)
    if tree.pk is None:
        check(tree, set(), set())
        menu = Menu(restaurant_id=tree.restaurant, name=tree.name.strip(), delivery=tree.delivery)
        session.add(menu)
        await session.flush()
        announce(session, facts.menu(MenuCreated, menu))
        old_categories: dict[int, Category] = {}
        old_dishes: dict[int, Dish] = {}
    else:
        # The lock serialises saves of one menu; dishes are locked like the bulk price update does.
        menu = await service.get(session, principal, tree.pk, tree.restaurant, lock=True)
        old_categories = {c.id: c for c in await categories.of_menu(session, menu.id)}
        old_dishes = {d.id: d for d in await dishes.of_categories(session, old_categories, lock=True)}
        check(tree, set(old_categories), set(old_dishes))
        menu.name, menu.delivery = tree.name.strip(), tree.delivery
        announce(session, facts.menu(MenuChanged, menu))
    if tree.delivery:
        await service.only_delivery_menu(session, menu)

    kept_categories: set[int] = set()
    kept_dishes: set[int] = set()

    async def place(node: CategoryNode, parent_id: int | None, position: int) -> None:
        name = node.name.strip()
        if node.existing_id is None:
            category = Category(menu_id=menu.id, name=name, parent_id=parent_id, order=position)
            session.add(category)
            await session.flush()
            announce(session, facts.category(CategoryCreated, category, menu))
        else:
            category = old_categories[node.existing_id]
            if (category.name, category.parent_id, category.order) != (name, parent_id, position):
                category.name, category.parent_id, category.order = name, parent_id, position
                announce(session, facts.category(CategoryChanged, category, menu))
        kept_categories.add(category.id)
        created: list[Dish] = []
        for index, leaf in enumerate(node.dishes):
            leaf_name = leaf.name.strip()
            if leaf.pk is None:
                created.append(Dish(menu_group_id=category.id, name=leaf_name, price=round_price(leaf.price), order=index))
                continue
            dish = old_dishes[leaf.pk]
            if (dish.menu_group_id, dish.name, dish.order) != (category.id, leaf_name, index):
                dish.menu_group_id, dish.name, dish.order = category.id, leaf_name, index
                announce(session, facts.dish(DishChanged, dish, menu))
            kept_dishes.add(dish.id)
        session.add_all(created)
        await session.flush()  # one INSERT for the category's new dishes
        for dish in created:
            announce(session, facts.dish(DishCreated, dish, menu))
            kept_dishes.add(dish.id)
        for index, child in enumerate(node.sub_categories):
            await place(child, category.id, index)

    for position, node in enumerate(tree.group_menu):
        await place(node, None, position)
    await session.flush()

    dropped_dishes = set(old_dishes) - kept_dishes
    if await active_dish_ids(session, dropped_dishes):
        raise NonFieldError(messages.DISH_ACTIVE_IN_ORDER)
    if dropped_dishes:
        drop_files(session, await dishes.image_paths(session, dropped_dishes))
        await session.execute(delete(Dish).where(Dish.id.in_(dropped_dishes)))
        for dish_id in sorted(dropped_dishes):
            announce(session, facts.dish_deleted(dish_id, menu))
    dropped_categories = set(old_categories) - kept_categories
    if dropped_categories:
        await session.execute(delete(Category).where(Category.id.in_(dropped_categories)))
        for category_id in sorted(dropped_categories):
            announce(session, facts.category_deleted(category_id, menu))
    return menu
