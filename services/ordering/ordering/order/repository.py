"""Order-line queries, scoped to the restaurants the caller may see (another's lines are not found)."""
from collections.abc import Iterable

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from kit.membership import restaurant_visible
from kit.pagination import Paging, fetch_page
from kit.tokens import Principal
from ordering.order.models import Order, OrderLine
from ordering.order.transitions import OPEN
from ordering.projections.models import DishFacts, PlaceFacts, RestaurantSettings


def readable(principal: Principal) -> Select:
    return select(OrderLine).where(restaurant_visible(OrderLine.restaurant_id, principal))


async def get_readable(session: AsyncSession, principal: Principal, line_id: int, *, lock: bool = False) -> OrderLine | None:
    query = readable(principal).where(OrderLine.id == line_id)
    if lock:
        query = query.with_for_update()
    return await session.scalar(query)


async def search(
    session: AsyncSession,
    principal: Principal,
    listing: Paging,
    *,
    restaurant_id: int | None,
    place_id: int | None,
    delivery_id: int | None,
    dish_id: int | None,
    status: str | None,
    on_tab_only: bool,
) -> tuple[int, list[OrderLine]]:
    query = readable(principal)
    if restaurant_id is not None:
        query = query.where(OrderLine.restaurant_id == restaurant_id)
    if place_id is not None:
        query = query.where(OrderLine.place_id == place_id)
    if delivery_id is not None:
        query = query.where(OrderLine.delivery_id == delivery_id)
    if dish_id is not None:
        query = query.where(OrderLine.dish_id == dish_id)
    if status is not None:
        query = query.where(OrderLine.status == status)
    if on_tab_only:
        query = query.where(OrderLine.closed_at.is_(None))
    return await fetch_page(session, query.order_by(OrderLine.id.desc()), listing, scalars=True)


async def tab_lines(session: AsyncSession, place_ids: Iterable[int], *, lock: bool = False) -> list[OrderLine]:
    """The lines on the places' tabs, in id order (the order rows are locked in everywhere)."""
    ids = list(place_ids)
    if not ids:
        return []
    query = select(OrderLine).where(OrderLine.place_id.in_(ids), OrderLine.closed_at.is_(None)).order_by(OrderLine.id)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return list(await session.scalars(query))


async def lines_by_ids(
    session: AsyncSession, principal: Principal, restaurant_id: int, ids: Iterable[int], *, lock: bool = False
) -> list[OrderLine]:
    query = (
        readable(principal)
        .where(OrderLine.restaurant_id == restaurant_id, OrderLine.id.in_(list(ids)))
        .order_by(OrderLine.id)
    )
    if lock:  # read again, locked: what another request committed meanwhile replaces what was read
        query = query.with_for_update().execution_options(populate_existing=True)
    return list(await session.scalars(query))


async def open_places(session: AsyncSession, place_ids: Iterable[int]) -> set[int]:
    ids = [i for i in place_ids if i is not None]
    if not ids:
        return set()
    rows = await session.scalars(
        select(OrderLine.place_id)
        .where(OrderLine.place_id.in_(ids), OrderLine.status.in_(OPEN), OrderLine.closed_at.is_(None))
        .distinct()
    )
    return set(rows)


async def open_dishes(session: AsyncSession, order_ids: Iterable[int]) -> set[tuple[int, int]]:
    ids = list(order_ids)
    if not ids:
        return set()
    rows = await session.execute(
        select(OrderLine.order_id, OrderLine.dish_id)
        .where(OrderLine.order_id.in_(ids), OrderLine.status.in_(OPEN), OrderLine.closed_at.is_(None))
        .distinct()
    )
    return {tuple(row) for row in rows}


async def place_names(session: AsyncSession, place_ids: Iterable[int]) -> dict[int, str]:
    ids = [i for i in set(place_ids) if i is not None]
    if not ids:
        return {}
    rows = await session.execute(select(PlaceFacts.place_id, PlaceFacts.name).where(PlaceFacts.place_id.in_(ids)))
    return dict(rows.all())


async def place(session: AsyncSession, place_id: int) -> PlaceFacts | None:
    found = await session.get(PlaceFacts, place_id)
    return None if found is None or found.deleted else found


async def place_by_token_hash(session: AsyncSession, token_hash: str) -> PlaceFacts | None:
    return await session.scalar(
        select(PlaceFacts).where(PlaceFacts.token_hash == token_hash, PlaceFacts.deleted.is_(False))
    )


async def dishes(session: AsyncSession, dish_ids: Iterable[int]) -> dict[int, DishFacts]:
    ids = list(set(dish_ids))
    if not ids:
        return {}
    return {d.dish_id: d for d in await session.scalars(select(DishFacts).where(DishFacts.dish_id.in_(ids)))}


async def restaurant_settings(session: AsyncSession, restaurant_id: int) -> RestaurantSettings | None:
    return await session.get(RestaurantSettings, restaurant_id)


async def order_by_key(session: AsyncSession, place_id: int, key: str) -> Order | None:
    return await session.scalar(select(Order).where(Order.place_id == place_id, Order.idempotency_key == key))


async def orders_with_key(session: AsyncSession, key: str) -> list[Order]:
    """Diner orders that used this Idempotency-Key, at any place (at most two: one is the answer,
    another place's means the key is not this caller's)."""
    return list(await session.scalars(select(Order).where(Order.idempotency_key == key).order_by(Order.id).limit(2)))


async def lines_of_order(session: AsyncSession, order_id: int) -> list[OrderLine]:
    return list(await session.scalars(select(OrderLine).where(OrderLine.order_id == order_id).order_by(OrderLine.id)))
