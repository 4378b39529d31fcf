"""Order and order-line queries, scoped to the restaurants the caller may see where a caller asks
(another's lines are not found). The places, dishes and settings they refer to are read through
`ordering.projections.repository`."""
from collections.abc import Iterable

from sqlalchemy import Select, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from kit.membership import restaurant_visible
from kit.pagination import Paging, fetch_page, filtered
from kit.tokens import Principal
from ordering.order.models import Order, OrderLine
from ordering.order.statuses import OPEN


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
    query = filtered(
        readable(principal),
        (OrderLine.restaurant_id, restaurant_id), (OrderLine.place_id, place_id), (OrderLine.delivery_id, delivery_id),
        (OrderLine.dish_id, dish_id), (OrderLine.status, status),
    )
    if on_tab_only:  # a delivery's lines sit at no table: never on a tab
        query = query.where(OrderLine.closed_at.is_(None), OrderLine.place_id.is_not(None))
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


async def lines_of_restaurant(
    session: AsyncSession, restaurant_id: int, ids: Iterable[int], *, lock: bool = False
) -> list[OrderLine]:
    """Lines of one restaurant by id, in id order, for work no caller asked for (an event's)."""
    query = (
        select(OrderLine).where(OrderLine.restaurant_id == restaurant_id, OrderLine.id.in_(list(ids))).order_by(OrderLine.id)
    )
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return list(await session.scalars(query))


OpenLine = tuple[int | None, int, int]  # (place, order, dish) of an open line


async def open_lines(
    session: AsyncSession, place_ids: Iterable[int | None], order_ids: Iterable[int], *, besides: Iterable[int] = ()
) -> list[OpenLine]:
    """The open lines on these places' tabs or of these orders, but for the lines `besides`: one
    query for what a change's places and orders hold apart from the lines it changes. Read without
    flushing, so a change staged on those lines is written once, with the rest of it."""
    places = [i for i in set(place_ids) if i is not None]
    orders = list(set(order_ids))
    if not places and not orders:
        return []
    where = [OrderLine.status.in_(OPEN), OrderLine.closed_at.is_(None)]
    if excluded := list(set(besides)):
        where.append(OrderLine.id.not_in(excluded))
    query = select(OrderLine.place_id, OrderLine.order_id, OrderLine.dish_id).where(
        or_(OrderLine.place_id.in_(places), OrderLine.order_id.in_(orders)), *where
    )
    with session.no_autoflush:
        return [tuple(row) for row in await session.execute(query)]


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


async def order_by_key(session: AsyncSession, place_id: int, key: str) -> Order | None:
    return await session.scalar(select(Order).where(Order.place_id == place_id, Order.idempotency_key == key))


async def orders_with_key(session: AsyncSession, key: str) -> list[Order]:
    """Diner orders that used this Idempotency-Key, at any place (at most two: one is the answer,
    another place's means the key is not this caller's)."""
    return list(await session.scalars(select(Order).where(Order.idempotency_key == key).order_by(Order.id).limit(2)))


async def lines_of_order(session: AsyncSession, order_id: int) -> list[OrderLine]:
    return list(await session.scalars(select(OrderLine).where(OrderLine.order_id == order_id).order_by(OrderLine.id)))


def _placed_by_known(session: AsyncSession) -> dict[int, str]:
    """Who placed the orders this session already read: it never changes once an order is placed."""
    return session.info.setdefault("ordering.placed_by", {})


async def lock_orders(session: AsyncSession, order_ids: Iterable[int]) -> None:
    """Lock the orders' rows in id order (see `order.service`), learning who placed them on the way."""
    ids = sorted(set(order_ids))
    if ids:
        rows = await session.execute(
            select(Order.id, Order.placed_by).where(Order.id.in_(ids)).order_by(Order.id).with_for_update()
        )
        _placed_by_known(session).update(rows.all())


async def placed_by(session: AsyncSession, order_ids: Iterable[int]) -> dict[int, str]:
    """Who placed each order: the staff member's username, or '' for a diner's (the line names the diner)."""
    known = _placed_by_known(session)
    if missing := [i for i in set(order_ids) if i not in known]:
        known.update((await session.execute(select(Order.id, Order.placed_by).where(Order.id.in_(missing)))).all())
    return {i: known[i] for i in order_ids if i in known}
