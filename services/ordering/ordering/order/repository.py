"""Order and order-line queries, scoped to the restaurants the caller may see where a caller asks
(another's lines are not found). The places, dishes and settings they refer to are read through
`ordering.projections.repository`."""
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import Select, delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts import Event
from kit.membership import ensure_restaurant_access, restaurant_visible
from kit.outbox import add_event
from kit.pagination import Paging, fetch_page, filtered
from kit.tokens import Principal
from ordering.order.models import Order, OrderLine
from ordering.order.statuses import OPEN
from ordering.order.work import OpenLine
from ordering.projections import repository as projections
from ordering.projections.models import DishFacts, PlaceFacts


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
    query = select(OrderLine.id, OrderLine.place_id, OrderLine.order_id, OrderLine.dish_id).where(
        or_(OrderLine.place_id.in_(places), OrderLine.order_id.in_(orders)), *where
    )
    with session.no_autoflush:
        return [OpenLine(*row) for row in await session.execute(query)]


async def open_of_deliveries(session: AsyncSession, delivery_ids: Iterable[int], *, besides: Iterable[int] = ()) -> int:
    """The lines of these delivery orders still open (new, accepted, delivered), but for `besides`."""
    where = [OrderLine.delivery_id.in_(list(delivery_ids)), OrderLine.status.in_(OPEN)]
    if excluded := list(set(besides)):
        where.append(OrderLine.id.not_in(excluded))
    with session.no_autoflush:
        return await session.scalar(select(func.count()).where(*where))


async def tab_orders(session: AsyncSession, place_id: int) -> list[int]:
    """The orders the lines on a place's tab belong to."""
    return list(await session.scalars(
        select(OrderLine.order_id).where(OrderLine.place_id == place_id, OrderLine.closed_at.is_(None)).distinct()
    ))


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
    """Lock the orders' rows in id order (see `order.work`), learning who placed them on the way."""
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


async def readable_lines(session: AsyncSession, principal: Principal, line_ids: Iterable[int]) -> list[OrderLine]:
    """The lines of any restaurant the caller may see, in id order."""
    return list(await session.scalars(readable(principal).where(OrderLine.id.in_(list(line_ids))).order_by(OrderLine.id)))


async def write_line(session: AsyncSession, line: OrderLine, read_version: int, values: dict) -> bool:
    """Write `values` and one version more, only if the line still has the version it was read
    at; the line in hand reads as written. False: another writer was first (nothing written)."""
    written = await session.execute(
        update(OrderLine)
        .where(OrderLine.id == line.id, OrderLine.version == read_version)
        .values(**values, version=read_version + 1)
        .returning(OrderLine.id)
        .execution_options(synchronize_session=False)
    )
    if written.first() is None:
        return False
    await session.refresh(line)
    return True


async def delete_line(session: AsyncSession, line: OrderLine) -> bool:
    """Delete the line only if it still has the version it was read at."""
    removed = await session.execute(
        delete(OrderLine).where(OrderLine.id == line.id, OrderLine.version == line.version).returning(OrderLine.id)
    )
    return removed.first() is not None


async def close_tab(session: AsyncSession, place_id: int, at: datetime) -> None:
    """Every line on the place's tab leaves it (no version moves: no fact of a line changes)."""
    await session.execute(
        update(OrderLine)
        .where(OrderLine.place_id == place_id, OrderLine.closed_at.is_(None))
        .values(closed_at=at)
        .execution_options(synchronize_session="evaluate")  # the lines in hand read as written
    )


async def add_order(session: AsyncSession, values: dict) -> Order | None:
    """A new order; None when its place already has one with its idempotency key (ON CONFLICT: a
    second tap racing the first waits for it, then finds nothing inserted)."""
    return await session.scalar(
        insert(Order).values(**values).on_conflict_do_nothing(index_elements=["place_id", "idempotency_key"]).returning(Order)
    )


async def add_lines(session: AsyncSession, rows: list[dict]) -> list[OrderLine]:
    """One round trip for every line (INSERT ... RETURNING of many rows), in the order given."""
    return list(await session.scalars(insert(OrderLine).returning(OrderLine, sort_by_parameter_order=True), rows))


async def name_uncategorized(session: AsyncSession, restaurant_id: int, category_id: int, name: str) -> None:
    """Lines of the category's dishes that have no category name take `name`; locked in id order
    first, as every multi-line change locks lines (no deadlock with them). No version moves."""
    uncategorized = (
        OrderLine.restaurant_id == restaurant_id, OrderLine.category_name == "",
        OrderLine.dish_id.in_(projections.dishes_in_category(category_id)),
    )
    await session.execute(select(OrderLine.id).where(*uncategorized).order_by(OrderLine.id).with_for_update())
    await session.execute(
        update(OrderLine).where(*uncategorized).values(category_name=name).execution_options(synchronize_session=False)
    )


class SqlLineStore:
    """`order.work.LineStore` on PostgreSQL, for one session: this module's statements, the
    projections' and the outbox."""

    def __init__(self, session: AsyncSession):
        self.session = session

    def add_event(self, event: Event) -> None:
        add_event(self.session, event)

    async def lock_places(self, place_ids: list[int]) -> None:
        await projections.lock_places(self.session, place_ids)

    async def lock_orders(self, order_ids: list[int]) -> None:
        await lock_orders(self.session, order_ids)

    async def readable_line(self, principal: Principal, line_id: int) -> OrderLine | None:
        return await get_readable(self.session, principal, line_id)

    async def readable_lines(self, principal: Principal, line_ids: Iterable[int]) -> list[OrderLine]:
        return await readable_lines(self.session, principal, line_ids)

    async def lines_by_ids(self, principal: Principal, restaurant_id: int, line_ids: Iterable[int]) -> list[OrderLine]:
        return await lines_by_ids(self.session, principal, restaurant_id, line_ids)

    async def lines_of_restaurant(self, restaurant_id: int, line_ids: Iterable[int], *, lock: bool = False) -> list[OrderLine]:
        return await lines_of_restaurant(self.session, restaurant_id, line_ids, lock=lock)

    async def tab_orders(self, place_id: int) -> list[int]:
        return await tab_orders(self.session, place_id)

    async def tab_lines(self, place_ids: Iterable[int], *, lock: bool = False) -> list[OrderLine]:
        return await tab_lines(self.session, place_ids, lock=lock)

    async def open_lines(self, place_ids: Iterable[int], order_ids: Iterable[int], besides: Iterable[int]) -> list[OpenLine]:
        return await open_lines(self.session, place_ids, order_ids, besides=besides)

    async def open_of_deliveries(self, delivery_ids: Iterable[int], besides: Iterable[int]) -> int:
        return await open_of_deliveries(self.session, delivery_ids, besides=besides)

    async def placed_by(self, order_ids: Iterable[int]) -> dict[int, str]:
        return await placed_by(self.session, order_ids)

    async def write_line(self, line: OrderLine, read_version: int, values: dict) -> bool:
        return await write_line(self.session, line, read_version, values)

    async def delete_line(self, line: OrderLine) -> bool:
        return await delete_line(self.session, line)

    async def close_tab(self, place_id: int, at: datetime) -> None:
        await close_tab(self.session, place_id, at)

    async def add_order(self, values: dict) -> Order | None:
        return await add_order(self.session, values)

    async def order_by_key(self, place_id: int | None, key: str | None) -> Order | None:
        return await order_by_key(self.session, place_id, key)

    async def lines_of_order(self, order_id: int) -> list[OrderLine]:
        return await lines_of_order(self.session, order_id)

    async def add_lines(self, rows: list[dict]) -> list[OrderLine]:
        return await add_lines(self.session, rows)

    async def place(self, place_id: int) -> PlaceFacts | None:
        return await projections.place(self.session, place_id)

    async def place_names(self, place_ids: Iterable[int | None]) -> dict[int, str]:
        return await projections.place_names(self.session, place_ids)

    async def dishes(self, dish_ids: Iterable[int]) -> dict[int, DishFacts]:
        return await projections.dishes(self.session, dish_ids)

    async def category_names(self, category_ids: Iterable[int]) -> dict[int, str]:
        return await projections.category_names(self.session, category_ids)

    async def ensure_access(self, principal: Principal, restaurant_id: int) -> None:
        await ensure_restaurant_access(self.session, principal, restaurant_id)
