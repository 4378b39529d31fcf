"""Category (menu group) queries, scoped to the menus the caller may see."""
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.menu.models import Category, Dish, Menu
from kit.membership import restaurant_visible
from kit.pagination import Paging, fetch_page, filtered
from kit.tokens import Principal


async def get_readable(
    session: AsyncSession, principal: Principal, category_id: int, *, lock: bool = False
) -> tuple[Category, Menu] | None:
    query = (
        select(Category, Menu)
        .join(Menu, Menu.id == Category.menu_id)
        .where(Category.id == category_id, restaurant_visible(Menu.restaurant_id, principal))
    )
    if lock:
        query = query.with_for_update(of=Category)
    row = (await session.execute(query)).first()
    return tuple(row) if row else None


async def list_readable(
    session: AsyncSession, principal: Principal, listing: Paging, *, restaurant_id: int | None, menu_id: int | None,
    delivery: bool | None = None,
) -> tuple[int, list[Category]]:
    query = select(Category).join(Menu, Menu.id == Category.menu_id).where(restaurant_visible(Menu.restaurant_id, principal))
    query = filtered(query, (Menu.restaurant_id, restaurant_id), (Category.menu_id, menu_id), (Menu.delivery, delivery))
    query = query.order_by(Category.menu_id, Category.parent_id.nulls_first(), Category.order, Category.id)
    return await fetch_page(session, query, listing, scalars=True)


async def of_menu(session: AsyncSession, menu_id: int) -> list[Category]:
    return list(
        await session.scalars(select(Category).where(Category.menu_id == menu_id).order_by(Category.order, Category.id))
    )


async def subtree_ids(session: AsyncSession, category_id: int) -> list[int]:
    """The category and every category below it."""
    tree = select(Category.id).where(Category.id == category_id).cte("tree", recursive=True)
    tree = tree.union_all(select(Category.id).join(tree, Category.parent_id == tree.c.id))
    return list(await session.scalars(select(tree.c.id)))


async def has_dishes(session: AsyncSession, category_id: int) -> bool:
    return await session.scalar(select(Dish.id).where(Dish.menu_group_id == category_id).limit(1)) is not None


async def has_children(session: AsyncSession, category_id: int) -> bool:
    return await session.scalar(select(Category.id).where(Category.parent_id == category_id).limit(1)) is not None
