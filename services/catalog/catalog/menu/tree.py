"""The nested menu editor: a menu with its whole tree, read and saved in one call.

A save is all or nothing: every rule is checked on the whole tree before anything is written,
and the request's transaction writes it at once. The tree is the truth: categories and dishes
of the menu missing from it are deleted; positions in the lists are the order.
"""
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from catalog import announce, messages
from catalog.category import repository as categories
from catalog.category.models import Category
from catalog.dish import repository as dishes
from catalog.dish.models import Dish
from catalog.dish.prices import price_problem
from catalog.menu import service
from catalog.menu.models import Menu
from catalog.menu.schemas import (
    CategoryNode,
    CategoryTree,
    DishLeaf,
    MenuPublic,
    MenuTree,
    NestedMenu,
)
from catalog.stale import mark_stale
from contracts.catalog import CategoryChanged, CategoryCreated, DishChanged, DishCreated, MenuChanged, MenuCreated
from kit.errors import NonFieldError
from kit.i18n import Text
from kit.membership import ensure_restaurant_access
from kit.tokens import Principal

CATEGORY_NAME_MAX = 100
DISH_NAME_MAX = 60


def menu_public(menu: Menu) -> MenuPublic:
    return MenuPublic(id=menu.id, name=menu.name, restaurant=menu.restaurant_id, delivery=menu.delivery)


async def load(session: AsyncSession, menu: Menu) -> MenuTree:
    rows = await categories.of_menu(session, menu.id)
    by_category: dict[int, list[Dish]] = defaultdict(list)
    for dish in await dishes.of_categories(session, [c.id for c in rows]):
        by_category[dish.menu_group_id].append(dish)
    children: dict[int | None, list[Category]] = defaultdict(list)
    for category in rows:  # already ordered by (order, id)
        children[category.parent_id].append(category)

    def node(category: Category) -> CategoryTree:
        leaves = sorted(by_category[category.id], key=lambda d: (d.order, d.id))
        return CategoryTree(
            id=category.id,
            group_pk=category.id,
            name=category.name,
            menu=menu.id,
            sub_category=category.parent_id,
            order=category.order,
            dishes=[DishLeaf(pk=d.id, name=d.name, order=d.order, price=d.price, disable=d.disable) for d in leaves],
            sub_categories=[node(child) for child in children[category.id]],
        )

    return MenuTree(menu=menu_public(menu), data=[node(c) for c in children[None]])


@dataclass
class Problems:
    texts: list[Text] = field(default_factory=list)

    def add(self, text: Text) -> None:
        if text not in self.texts:
            self.texts.append(text)


def check(tree: NestedMenu, existing_categories: set[int], existing_dishes: set[int]) -> None:
    """Every rule of spec part 1 §5 'Menu' on the whole tree; raises with all the problems found."""
    problems = Problems()
    if not tree.name.strip():
        problems.add(messages.MENU_NAME_REQUIRED)
    elif len(tree.name.strip()) > CATEGORY_NAME_MAX:
        problems.add(messages.NAME_TOO_LONG.format(name=tree.name.strip()[:20], max_length=CATEGORY_NAME_MAX))
    if not tree.group_menu:
        problems.add(messages.MENU_EMPTY)
    seen_categories: set[int] = set()
    seen_dishes: set[int] = set()

    def visit(node: CategoryNode) -> None:
        name = node.name.strip()
        if not name:
            problems.add(messages.CATEGORY_NAME_EMPTY)
        elif len(name) > CATEGORY_NAME_MAX:
            problems.add(messages.NAME_TOO_LONG.format(name=name[:20], max_length=CATEGORY_NAME_MAX))
        if node.existing_id is not None:
            if node.existing_id not in existing_categories:
                problems.add(messages.CATEGORY_OTHER_MENU)
            elif node.existing_id in seen_categories:
                problems.add(messages.CATEGORY_TWICE)
            seen_categories.add(node.existing_id)
        if not node.dishes and not node.sub_categories:
            problems.add(messages.CATEGORY_EMPTY)
        if node.dishes and node.sub_categories:
            problems.add(messages.CATEGORY_ONLY_DISHES)
        names: set[str] = set()
        for dish in node.dishes:
            dish_name = dish.name.strip()
            if not dish_name:
                problems.add(messages.DISH_NAME_EMPTY)
            elif len(dish_name) > DISH_NAME_MAX:
                problems.add(messages.NAME_TOO_LONG.format(name=dish_name[:20], max_length=DISH_NAME_MAX))
            elif dish_name.lower() in names:
                problems.add(messages.DISH_NAME_TAKEN)
            names.add(dish_name.lower())
            if dish.pk is not None:
                if dish.pk not in existing_dishes:
                    problems.add(messages.DISH_OTHER_MENU)
                elif dish.pk in seen_dishes:
                    problems.add(messages.DISH_TWICE)
                seen_dishes.add(dish.pk)
            elif dish_name and (dish.price is None or price_problem(dish.price) is not None):
                problems.add(messages.PRICE_REQUIRED_FOR_NEW_DISH.format(name=dish_name[:20]))
        for child in node.sub_categories:
            visit(child)

    for node in tree.group_menu:
        visit(node)
    if problems.texts:
        raise NonFieldError(*problems.texts)


async def save(session: AsyncSession, principal: Principal, tree: NestedMenu) -> Menu:
    """Create (no pk) or replace (pk) a menu with its whole tree."""
    await ensure_restaurant_access(session, principal, tree.restaurant)
    if tree.pk is None:
        check(tree, set(), set())
        menu = Menu(restaurant_id=tree.restaurant, name=tree.name.strip(), delivery=tree.delivery)
        session.add(menu)
        await session.flush()
        announce.menu(session, MenuCreated, menu)
        old_categories: dict[int, Category] = {}
        old_dishes: dict[int, Dish] = {}
    else:
        # The lock serialises saves of one menu; dishes are locked like the bulk price update does.
        menu = await service.get(session, principal, tree.pk, tree.restaurant, lock=True)
        old_categories = {c.id: c for c in await categories.of_menu(session, menu.id)}
        old_dishes = {d.id: d for d in await dishes.of_categories(session, old_categories, lock=True)}
        check(tree, set(old_categories), set(old_dishes))
        menu.name, menu.delivery = tree.name.strip(), tree.delivery
        announce.menu(session, MenuChanged, menu)
        mark_stale(session, [menu.id])
    if tree.delivery:
        await service._only_delivery_menu(session, menu)

    kept_categories: set[int] = set()
    kept_dishes: set[int] = set()

    async def place(node: CategoryNode, parent_id: int | None, position: int) -> None:
        name = node.name.strip()
        if node.existing_id is None:
            category = Category(menu_id=menu.id, name=name, parent_id=parent_id, order=position)
            session.add(category)
            await session.flush()
            announce.category(session, CategoryCreated, category, menu)
        else:
            category = old_categories[node.existing_id]
            if (category.name, category.parent_id, category.order) != (name, parent_id, position):
                category.name, category.parent_id, category.order = name, parent_id, position
                announce.category(session, CategoryChanged, category, menu)
        kept_categories.add(category.id)
        for index, leaf in enumerate(node.dishes):
            leaf_name = leaf.name.strip()
            if leaf.pk is None:
                dish = Dish(
                    menu_group_id=category.id, name=leaf_name, price=Decimal(leaf.price).quantize(Decimal("0.01")), order=index
                )
                session.add(dish)
                await session.flush()
                announce.dish(session, DishCreated, dish, menu)
            else:
                dish = old_dishes[leaf.pk]
                if (dish.menu_group_id, dish.name, dish.order) != (category.id, leaf_name, index):
                    dish.menu_group_id, dish.name, dish.order = category.id, leaf_name, index
                    announce.dish(session, DishChanged, dish, menu)
            kept_dishes.add(dish.id)
        for index, child in enumerate(node.sub_categories):
            await place(child, category.id, index)

    for position, node in enumerate(tree.group_menu):
        await place(node, None, position)
    await session.flush()

    dropped_dishes = set(old_dishes) - kept_dishes
    if await dishes.active_dish_ids(session, dropped_dishes):
        raise NonFieldError(messages.DISH_ACTIVE_IN_ORDER)
    if dropped_dishes:
        await session.execute(delete(Dish).where(Dish.id.in_(dropped_dishes)))
        for dish_id in sorted(dropped_dishes):
            announce.dish_deleted(session, dish_id, menu)
    dropped_categories = set(old_categories) - kept_categories
    if dropped_categories:
        await session.execute(delete(Category).where(Category.id.in_(dropped_categories)))
        for category_id in sorted(dropped_categories):
            announce.category_deleted(session, category_id, menu)
    return menu
