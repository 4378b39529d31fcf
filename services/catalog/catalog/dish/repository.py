"""Dish and dish-image queries, scoped to the restaurants the caller may see."""
from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.menu.models import Category, Dish, DishImage, Menu
from kit.membership import restaurant_visible
from kit.pagination import Paging, contains, fetch_page, filtered
from kit.tokens import Principal


def _readable(principal: Principal) -> Select:
    return (
        select(Dish, Category, Menu)
        .join(Category, Category.id == Dish.menu_group_id)
        .join(Menu, Menu.id == Category.menu_id)
        .where(restaurant_visible(Menu.restaurant_id, principal))
    )


async def get_readable(
    session: AsyncSession, principal: Principal, dish_id: int, *, lock: bool = False
) -> tuple[Dish, Category, Menu] | None:
    query = _readable(principal).where(Dish.id == dish_id)
    if lock:
        query = query.with_for_update(of=Dish)
    row = (await session.execute(query)).first()
    return tuple(row) if row else None


async def search(
    session: AsyncSession,
    principal: Principal,
    listing: Paging,
    *,
    text: str | None,
    menu_id: int | None,
    category_id: int | None,
    disable: bool | None,
    restaurant_id: int | None,
    delivery: bool | None = None,
) -> tuple[int, list[tuple[Dish, Category, Menu]]]:
    query = filtered(
        _readable(principal).where(contains(text, Dish.name, Dish.description)),
        (Menu.id, menu_id), (Dish.menu_group_id, category_id), (Dish.disable, disable), (Menu.restaurant_id, restaurant_id),
        (Menu.delivery, delivery),
    )
    if delivery:  # a delivery order can hold only what may be ordered now
        query = query.where(Dish.disable.is_(False))
    count, rows = await fetch_page(session, query.order_by(Category.order, Category.id, Dish.order, Dish.id), listing)
    return count, [tuple(row) for row in rows]


async def images_of(session: AsyncSession, dish_ids: Iterable[int]) -> dict[int, list[DishImage]]:
    """The images not deleted of each dish, oldest first."""
    ids = list(dish_ids)
    out: dict[int, list[DishImage]] = defaultdict(list)
    if ids:
        rows = await session.scalars(
            select(DishImage).where(DishImage.dish_id.in_(ids), DishImage.soft_delete.is_(False)).order_by(DishImage.id)
        )
        for image in rows:
            out[image.dish_id].append(image)
    return out


async def image_paths(session: AsyncSession, dish_ids: Iterable[int]) -> list[str]:
    """The files of the dishes' images not deleted (what deleting the dishes stops serving)."""
    return [image.path for images in (await images_of(session, dish_ids)).values() for image in images]


async def count_images(session: AsyncSession, dish_id: int) -> int:
    query = select(func.count()).where(DishImage.dish_id == dish_id, DishImage.soft_delete.is_(False))
    return await session.scalar(query) or 0


async def get_image_readable(
    session: AsyncSession, principal: Principal, image_id: int
) -> tuple[DishImage, Dish, Category, Menu] | None:
    query = (
        select(DishImage, Dish, Category, Menu)
        .join(Dish, Dish.id == DishImage.dish_id)
        .join(Category, Category.id == Dish.menu_group_id)
        .join(Menu, Menu.id == Category.menu_id)
        .where(
            DishImage.id == image_id,
            DishImage.soft_delete.is_(False),
            restaurant_visible(Menu.restaurant_id, principal),
        )
        .with_for_update(of=DishImage)
    )
    row = (await session.execute(query)).first()
    return tuple(row) if row else None


async def name_taken(session: AsyncSession, category_id: int, name: str, exclude_id: int | None = None) -> bool:
    query = select(Dish.id).where(Dish.menu_group_id == category_id, func.lower(Dish.name) == name.lower())
    if exclude_id is not None:
        query = query.where(Dish.id != exclude_id)
    return await session.scalar(query.limit(1)) is not None


async def next_order(session: AsyncSession, category_id: int) -> int:
    """The `order` that puts a dish after every other of its category."""
    return await session.scalar(select(func.coalesce(func.max(Dish.order) + 1, 0)).where(Dish.menu_group_id == category_id))


async def count_in_category(session: AsyncSession, category_id: int) -> int:
    return await session.scalar(select(func.count()).where(Dish.menu_group_id == category_id)) or 0


async def of_categories(
    session: AsyncSession, category_ids: Iterable[int], *, lock: bool = False, enabled_only: bool = False
) -> list[Dish]:
    """In id order, the order rows are locked in everywhere (no deadlocks between two updates)."""
    ids = list(category_ids)
    if not ids:
        return []
    query = select(Dish).where(Dish.menu_group_id.in_(ids)).order_by(Dish.id)
    if enabled_only:
        query = query.where(Dish.disable.is_(False))
    if lock:
        query = query.with_for_update()
    return list(await session.scalars(query))


async def ids_of_menus(session: AsyncSession, menu_ids: Iterable[int], *, lock: bool = False) -> list[int]:
    query = select(Dish.id).join(Category, Category.id == Dish.menu_group_id).where(Category.menu_id.in_(list(menu_ids)))
    if lock:
        query = query.with_for_update(of=Dish)
    return list(await session.scalars(query.order_by(Dish.id)))
