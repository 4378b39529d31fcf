"""Delivery queries, scoped to the restaurants the caller may see (another's deliveries are not found)."""
from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import Select, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from kit.membership import restaurant_visible
from kit.pagination import Paging, fetch_page, filtered
from kit.tokens import Principal
from ordering.delivery.models import Delivery
from ordering.delivery.tracking import key_hash
from ordering.order.models import OrderLine


def readable(principal: Principal) -> Select:
    return select(Delivery).where(restaurant_visible(Delivery.restaurant_id, principal))


async def get_readable(session: AsyncSession, principal: Principal, delivery_id: int, *, lock: bool = False) -> Delivery | None:
    query = readable(principal).where(Delivery.id == delivery_id)
    return await session.scalar(query.with_for_update() if lock else query)


async def by_key(session: AsyncSession, key: str) -> Delivery | None:
    """The delivery an Idempotency-Key named, whoever sent it (the caller decides what it may see)."""
    return await session.scalar(select(Delivery).where(Delivery.idempotency_key == key_hash(key)))


async def by_tracking_hash(session: AsyncSession, tracking_hash: str) -> Delivery | None:
    return await session.scalar(select(Delivery).where(Delivery.tracking_hash == tracking_hash))


async def search(
    session: AsyncSession, principal: Principal, listing: Paging, restaurant_id: int, status: str | None
) -> tuple[int, list[Delivery]]:
    """Newest first; the status filter and the page are SQL on the stored status (index restaurant,
    status, id)."""
    query = filtered(readable(principal).where(Delivery.restaurant_id == restaurant_id), (Delivery.status, status))
    query = query.order_by(Delivery.id.desc())
    count, deliveries = await fetch_page(session, query, listing, scalars=True)
    return count, list(deliveries)


async def search_lines(
    session: AsyncSession, principal: Principal, listing: Paging, *, restaurant_id: int | None, delivery_id: int | None,
    status: str | None,
) -> tuple[int, list[OrderLine]]:
    """Delivery orders' lines: newest delivery first, each one's lines in order; filtered by the
    deliveries' stored status (`status_delivery`)."""
    query = (
        select(OrderLine).join(Delivery, Delivery.id == OrderLine.delivery_id)
        .where(restaurant_visible(Delivery.restaurant_id, principal))
        .order_by(OrderLine.delivery_id.desc(), OrderLine.id)
    )
    query = filtered(query, (Delivery.restaurant_id, restaurant_id), (Delivery.id, delivery_id), (Delivery.status, status))
    count, lines = await fetch_page(session, query, listing, scalars=True)
    return count, list(lines)


async def lines_of(session: AsyncSession, delivery_ids: Iterable[int]) -> dict[int, list[OrderLine]]:
    """Every line of these deliveries, by delivery, in id order: one statement whatever their number."""
    by_delivery: dict[int, list[OrderLine]] = defaultdict(list)
    ids = list(delivery_ids)
    if ids:
        for line in await session.scalars(select(OrderLine).where(OrderLine.delivery_id.in_(ids)).order_by(OrderLine.id)):
            by_delivery[line.delivery_id].append(line)
    return by_delivery


async def numbers(session: AsyncSession, delivery_ids: Iterable[int]) -> dict[int, str]:
    """Each delivery's number (fk_delivery), for those that have one."""
    rows = await session.execute(
        select(Delivery.id, Delivery.fk_delivery).where(Delivery.id.in_(list(delivery_ids)), Delivery.fk_delivery.is_not(None))
    )
    return {delivery_id: number for delivery_id, number in rows}


async def lock(session: AsyncSession, delivery_ids: list[int]) -> list[Delivery]:
    """The deliveries, locked in id order, as committed (what was read before is replaced)."""
    return list(await session.scalars(
        select(Delivery).where(Delivery.id.in_(delivery_ids)).order_by(Delivery.id).with_for_update()
        .execution_options(populate_existing=True)
    ))


async def line_statuses(session: AsyncSession, delivery_ids: list[int]) -> dict[int, list[str]]:
    """Each delivery's lines' statuses (a delivery without lines is missing)."""
    by_delivery: dict[int, list[str]] = defaultdict(list)
    rows = await session.execute(select(OrderLine.delivery_id, OrderLine.status).where(OrderLine.delivery_id.in_(delivery_ids)))
    for delivery_id, status in rows:
        by_delivery[delivery_id].append(status)
    return by_delivery


async def add(session: AsyncSession, values: dict) -> Delivery | None:
    """A new delivery; None when its idempotency key is taken (a racing twin committed first)."""
    inserted = await session.execute(
        insert(Delivery).values(**values)
        .on_conflict_do_nothing(index_elements=["idempotency_key"], index_where=Delivery.idempotency_key.is_not(None))
        .returning(Delivery.id)
    )
    delivery_id = inserted.scalar()
    return None if delivery_id is None else await session.get(Delivery, delivery_id)
