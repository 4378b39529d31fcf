"""Dish and dish-image queries, scoped to the restaurants the caller may see."""
from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.access import restaurant_visible
from catalog.category.models import Category
from catalog.dish.models import Dish, DishImage, DishOrderActivity
from catalog.menu.models import Menu
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
    return (row[0], row[1], row[2]) if row else None


async def search(
    session: AsyncSession,
    principal: Principal,
    *,
    text: str | None,
    menu_id: int | None,
    category_id: int | None,
    disable: bool | None,
    restaurant_id: int | None,
    page: int,
    size: int | None,
) -> tuple[int, list[tuple[Dish, Category, Menu]]]:
    query = _readable(principal)
    if text:
        escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        pattern = f"%{escaped}%"
        query = query.where(or_(Dish.name.ilike(pattern, escape="\\"), Dish.description.ilike(pattern, escape="\\")))
    if menu_id is not None:
        query = query.where(Menu.id == menu_id)
    if category_id is not None:
        query = query.where(Dish.menu_group_id == category_id)
    if disable is not None:
        query = query.where(Dish.disable.is_(disable))
    if restaurant_id is not None:
        query = query.where(Menu.restaurant_id == restaurant_id)
    count = await session.scalar(select(func.count()).select_from(query.with_only_columns(Dish.id).subquery()))
    query = query.order_by(Category.order, Category.id, Dish.order, Dish.id)
    if size is not None:
        query = query.offset((page - 1) * size).limit(size)
    rows = (await session.execute(query)).all()
    return count or 0, [(r[0], r[1], r[2]) for r in rows]


async def images_of(session: AsyncSession, dish_ids: Iterable[int]) -> dict[int, list[DishImage]]:
    ids = list(dish_ids)
    out: dict[int, list[DishImage]] = defaultdict(list)
    if ids:
        rows = await session.scalars(
            select(DishImage)
            .where(DishImage.dish_id.in_(ids), DishImage.soft_delete.is_(False))
            .order_by(DishImage.id)
        )
        for image in rows:
            out[image.dish_id].append(image)
    return out


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
    return tuple(row) if row else None  # type: ignore[return-value]


async def active_dish_ids(session: AsyncSession, dish_ids: Iterable[int]) -> set[int]:
    """The dishes among `dish_ids` that an open order holds (ordering's events)."""
    ids = list(dish_ids)
    if not ids:
        return set()
    rows = await session.scalars(
        select(DishOrderActivity.dish_id)
        .where(DishOrderActivity.dish_id.in_(ids), DishOrderActivity.active.is_(True))
        .distinct()
    )
    return set(rows)


async def name_taken(session: AsyncSession, category_id: int, name: str, exclude_id: int | None = None) -> bool:
    query = select(Dish.id).where(Dish.menu_group_id == category_id, func.lower(Dish.name) == name.lower())
    if exclude_id is not None:
        query = query.where(Dish.id != exclude_id)
    return await session.scalar(query.limit(1)) is not None


async def count_in_category(session: AsyncSession, category_id: int) -> int:
    return await session.scalar(select(func.count()).where(Dish.menu_group_id == category_id)) or 0


async def of_categories(session: AsyncSession, category_ids: Iterable[int], *, lock: bool = False) -> list[Dish]:
    ids = list(category_ids)
    if not ids:
        return []
    query = select(Dish).where(Dish.menu_group_id.in_(ids)).order_by(Dish.id)
    if lock:
        query = query.with_for_update()
    return list(await session.scalars(query))
