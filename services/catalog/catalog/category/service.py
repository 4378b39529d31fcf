"""Categories (menu groups). Never commits: the request does."""
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from catalog import facts, messages
from catalog.category import repository
from catalog.category.errors import CategoryMisplaced, CategoryNotFound, CategoryOnlyDishes
from catalog.category.schemas import CategoryCreate, CategoryPublic, CategoryUpdate
from catalog.changes import announce, drop_files
from catalog.dish import repository as dishes
from catalog.dish.activity import active_dish_ids
from catalog.dish.errors import DishActiveInOrder
from catalog.menu import service as menus
from catalog.menu.models import Category, Menu
from contracts.catalog import CategoryChanged, CategoryCreated
from kit.membership import ensure_restaurant_access
from kit.pagination import Paging
from kit.tokens import Principal


def public(category: Category) -> CategoryPublic:
    return CategoryPublic(
        id=category.id, name=category.name, menu=category.menu_id, sub_category=category.parent_id, order=category.order
    )


async def get(
    session: AsyncSession, principal: Principal, category_id: int, restaurant_id: int | None = None, *, lock: bool = False,
    categories=repository,
) -> tuple[Category, Menu]:
    """`categories`: where the rows come from (catalog.category.repository; the unit tests give a fake)."""
    found = await categories.get_readable(session, principal, category_id, lock=lock)
    if found is None or (restaurant_id is not None and found[1].restaurant_id != restaurant_id):
        raise CategoryNotFound()
    return found


async def list_categories(
    session: AsyncSession, principal: Principal, listing: Paging, restaurant_id: int | None, menu_id: int | None,
    delivery: bool | None = None,
) -> tuple[int, list[Category]]:
    if restaurant_id is not None:
        await ensure_restaurant_access(session, principal, restaurant_id)
    return await repository.list_readable(
        session, principal, listing, restaurant_id=restaurant_id, menu_id=menu_id, delivery=delivery
    )


async def _check_parent(
    session: AsyncSession, principal: Principal, menu: Menu, parent_id: int, moving_id: int | None = None, *,
    categories=repository,
) -> None:
    """The parent is a category of the same menu, holds no dishes, and is not the category itself
    or one of its descendants."""
    parent, parent_menu = await get(session, principal, parent_id, categories=categories)
    if parent_menu.id != menu.id:
        raise CategoryMisplaced(messages.CATEGORY_OTHER_MENU)
    if moving_id is not None and parent.id in await categories.subtree_ids(session, moving_id):
        raise CategoryMisplaced(messages.CATEGORY_CYCLE)
    if await categories.has_dishes(session, parent.id):
        raise CategoryOnlyDishes()


async def create(session: AsyncSession, principal: Principal, data: CategoryCreate) -> Category:
    menu = await menus.get(session, principal, data.menu, lock=True)
    if data.sub_category is not None:
        await _check_parent(session, principal, menu, data.sub_category)
    category = Category(menu_id=menu.id, name=data.name, parent_id=data.sub_category, order=data.order)
    session.add(category)
    await session.flush()
    announce(session, facts.category(CategoryCreated, category, menu))
    return category


async def change(
    session: AsyncSession, principal: Principal, category_id: int, data: CategoryUpdate, restaurant_id: int | None
) -> Category:
    category, menu = await get(session, principal, category_id, restaurant_id, lock=True)
    fields = data.model_dump(exclude_unset=True)
    if fields.get("menu") not in (None, menu.id):
        raise CategoryMisplaced(messages.CATEGORY_OTHER_MENU)
    if "sub_category" in fields and fields["sub_category"] != category.parent_id:
        if fields["sub_category"] is not None:
            await _check_parent(session, principal, menu, fields["sub_category"], moving_id=category.id)
        category.parent_id = fields["sub_category"]
    if fields.get("name") is not None:
        category.name = fields["name"]
    if fields.get("order") is not None:
        category.order = fields["order"]
    await session.flush()
    announce(session, facts.category(CategoryChanged, category, menu))
    return category


async def remove(session: AsyncSession, principal: Principal, category_id: int, restaurant_id: int | None) -> None:
    """The category goes with its sub-categories and their dishes, unless an open order holds one."""
    category, menu = await get(session, principal, category_id, restaurant_id, lock=True)
    subtree = await repository.subtree_ids(session, category.id)
    held = [d.id for d in await dishes.of_categories(session, subtree, lock=True)]
    if await active_dish_ids(session, held):
        raise DishActiveInOrder()
    drop_files(session, await dishes.image_paths(session, held))
    await session.execute(delete(Category).where(Category.id == category.id))
    for dish_id in held:
        announce(session, facts.dish_deleted(dish_id, menu))
    for removed_id in reversed(subtree):
        announce(session, facts.category_deleted(removed_id, menu))
