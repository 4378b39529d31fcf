"""Ordering's copies of other services' facts: their queries, and the writes beyond the handlers'
upserts (`kit.db.upsert_unless_older`)."""
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal

from sqlalchemy import Select, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from ordering.projections.models import CategoryFacts, DishFacts, MenuFacts, PlaceFacts, RestaurantSettings


async def place(session: AsyncSession, place_id: int) -> PlaceFacts | None:
    found = await session.get(PlaceFacts, place_id)
    return None if found is None or found.deleted else found


async def place_by_token_hash(session: AsyncSession, token_hash: str) -> PlaceFacts | None:
    return await session.scalar(
        select(PlaceFacts).where(PlaceFacts.token_hash == token_hash, PlaceFacts.deleted.is_(False))
    )


async def places_of(session: AsyncSession, restaurant_id: int) -> list[PlaceFacts]:
    """The restaurant's places (removed ones left out), in no particular order."""
    return list(await session.scalars(
        select(PlaceFacts).where(PlaceFacts.restaurant_id == restaurant_id, PlaceFacts.deleted.is_(False))
    ))


def _names_known(session: AsyncSession) -> dict[int, str]:
    return session.info.setdefault("ordering.place_names", {})


async def place_names(session: AsyncSession, place_ids: Iterable[int | None]) -> dict[int, str]:
    """The places' names, read once per session: a request names its places in events and in its
    answer, and only the projection's handlers (other sessions) rename a place."""
    known = _names_known(session)
    ids = {i for i in place_ids if i is not None}
    if missing := [i for i in ids if i not in known]:
        rows = await session.execute(select(PlaceFacts.place_id, PlaceFacts.name).where(PlaceFacts.place_id.in_(missing)))
        known.update(rows.all())
    return {i: known[i] for i in ids if i in known}


async def lock_places(session: AsyncSession, place_ids: Iterable[int]) -> None:
    """Lock the places' rows in id order (order.work serializes each place's line changes on
    them), learning their names on the way (`place_names`)."""
    ids = sorted(set(place_ids))
    if ids:
        rows = await session.execute(
            select(PlaceFacts.place_id, PlaceFacts.name)
            .where(PlaceFacts.place_id.in_(ids)).order_by(PlaceFacts.place_id).with_for_update()
        )
        _names_known(session).update(rows.all())


async def dishes(session: AsyncSession, dish_ids: Iterable[int]) -> dict[int, DishFacts]:
    ids = list(set(dish_ids))
    if not ids:
        return {}
    return {d.dish_id: d for d in await session.scalars(select(DishFacts).where(DishFacts.dish_id.in_(ids)))}


def dishes_in_category(category_id: int) -> Select:
    """A subquery: the ids of the dishes catalog last placed in the category."""
    return select(DishFacts.dish_id).where(DishFacts.category_id == category_id)


async def category_names(session: AsyncSession, category_ids: Iterable[int]) -> dict[int, str]:
    """The names of the categories ordering knows (deleted ones left out)."""
    ids = list(set(category_ids))
    if not ids:
        return {}
    rows = await session.execute(
        select(CategoryFacts.category_id, CategoryFacts.name)
        .where(CategoryFacts.category_id.in_(ids), CategoryFacts.deleted.is_(False))
    )
    return dict(rows.all())


async def menu(session: AsyncSession, menu_id: int) -> MenuFacts | None:
    return await session.get(MenuFacts, menu_id)


async def restaurant_settings(session: AsyncSession, restaurant_id: int) -> RestaurantSettings | None:
    return await session.get(RestaurantSettings, restaurant_id)


async def reprice(session: AsyncSession, restaurant_id: int, dish_id: int, price: Decimal, at: datetime) -> None:
    """A dish's new price, unless a newer fact of it is known."""
    await session.execute(
        update(DishFacts)
        .where(DishFacts.dish_id == dish_id, DishFacts.restaurant_id == restaurant_id, DishFacts.updated_at <= at)
        .values(price=price, updated_at=at)
    )


async def delete_menu_dishes(session: AsyncSession, menu_id: int, at: datetime) -> None:
    """Every dish of a deleted menu is deleted too (unless a newer fact of it is known)."""
    await session.execute(
        update(DishFacts).where(DishFacts.menu_id == menu_id, DishFacts.updated_at <= at).values(deleted=True, updated_at=at)
    )
