"""Notification queries: the stream (ids, what came after an id) and the bell, scoped to the caller."""
from collections.abc import Iterable, Sequence

from sqlalchemy import ColumnElement, Select, and_, delete, exists, func, literal, or_, select, union_all, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from kit.membership import restaurant_visible
from kit.pagination import Paging, fetch_page
from kit.tokens import Principal
from notifications.notification.message import Message
from notifications.notification.models import ID_SEQUENCE, Notification, ReadMark, ReadNotification, StreamHead


# ---------------------------------------------------------------------------------- the stream
async def take_positions(session: AsyncSession, restaurant_id: int, count: int) -> list[tuple[int, int]]:
    """The next `count` (id, seq) of the restaurant. Its head row stays locked until the caller's
    transaction ends, so the restaurant's messages commit one after another, in id order; the ids
    are taken after the lock, so each is above every id of the restaurant committed before."""
    statement = insert(StreamHead).values(restaurant_id=restaurant_id, last_seq=count, last_id=0)
    last_seq = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=["restaurant_id"], set_={"last_seq": StreamHead.last_seq + count}
        ).returning(StreamHead.last_seq)
    )
    ids = sorted(await session.scalars(select(ID_SEQUENCE.next_value()).select_from(func.generate_series(1, count))))
    await session.execute(update(StreamHead).where(StreamHead.restaurant_id == restaurant_id).values(last_id=ids[-1]))
    return list(zip(ids, range(last_seq - count + 1, last_seq + 1)))


async def heads(session: AsyncSession, restaurant_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """Each restaurant's newest committed message: (seq, id); (0, 0) before its first."""
    wanted = sorted(set(restaurant_ids))
    found = {
        restaurant_id: (last_seq, last_id)
        for restaurant_id, last_seq, last_id in await session.execute(
            select(StreamHead.restaurant_id, StreamHead.last_seq, StreamHead.last_id).where(StreamHead.restaurant_id.in_(wanted))
        )
    } if wanted else {}
    return {restaurant_id: found.get(restaurant_id, (0, 0)) for restaurant_id in wanted}


async def after(session: AsyncSession, restaurant_id: int, after_seq: int, before_seq: int | None, limit: int) -> list[Message]:
    """The restaurant's messages with `after_seq < seq < before_seq`, in order (at most `limit`)."""
    query = (
        select(Notification)
        .where(Notification.restaurant_id == restaurant_id, Notification.seq > after_seq)
        .order_by(Notification.seq)
        .limit(limit)
    )
    if before_seq is not None:
        query = query.where(Notification.seq < before_seq)
    return [Message.of(row) for row in await session.scalars(query)]


async def newest_in(session: AsyncSession, audiences: Sequence[ColumnElement[bool]], limit: int) -> tuple[list[Message], bool]:
    """What a socket missed (rows meeting any of `audiences`, each bounded by its restaurant's last
    seen and newest ids): the newest `limit`, oldest first, and whether there were more."""
    rows = list(await session.scalars(newest_in_query(audiences, limit + 1)))
    return [Message.of(row) for row in reversed(rows[:limit])], len(rows) > limit


def newest_in_query(audiences: Sequence[ColumnElement[bool]], limit: int) -> Select:
    """The newest `limit` rows meeting any of `audiences`, newest first. Each audience is read on
    its own (one index range each, newest first, at most `limit` rows), then the reads are merged:
    an OR of them would read every matching row and sort."""
    reads = [select(Notification).where(audience).order_by(Notification.id.desc()).limit(limit) for audience in audiences]
    if len(reads) == 1:
        return reads[0]
    merged = aliased(Notification, union_all(*reads).subquery())
    return select(merged).order_by(merged.id.desc()).limit(limit)


# ---------------------------------------------------------------------------------- the bell
def _read_up_to(principal: Principal) -> ColumnElement[int]:
    return func.coalesce(
        select(ReadMark.read_up_to)
        .where(ReadMark.user_id == principal.user_id, ReadMark.restaurant_id == Notification.restaurant_id)
        .scalar_subquery(),
        0,
    )


def is_read(principal: Principal) -> ColumnElement[bool]:
    return or_(
        Notification.id <= _read_up_to(principal),
        exists().where(ReadNotification.user_id == principal.user_id, ReadNotification.notification_id == Notification.id),
    )


def _staff_visible(principal: Principal, restaurant_id: int | None) -> ColumnElement[bool]:
    clauses = [Notification.for_staff, restaurant_visible(Notification.restaurant_id, principal)]
    if restaurant_id is not None:
        clauses.append(Notification.restaurant_id == restaurant_id)
    return and_(*clauses)


async def list_readable(
    session: AsyncSession, principal: Principal, listing: Paging, restaurant_id: int | None, unread_only: bool
) -> tuple[int, list[tuple[Notification, bool]]]:
    query = select(Notification, is_read(principal).label("read")).where(_staff_visible(principal, restaurant_id))
    if unread_only:
        query = query.where(~is_read(principal))
    count, rows = await fetch_page(session, query.order_by(Notification.id.desc()), listing)
    return count, [(row, read) for row, read in rows]


async def count_unread(session: AsyncSession, principal: Principal, restaurant_id: int | None) -> int:
    return await session.scalar(
        select(func.count()).select_from(Notification).where(_staff_visible(principal, restaurant_id), ~is_read(principal))
    )


async def get_readable(session: AsyncSession, principal: Principal, notification_id: int) -> Notification | None:
    return await session.scalar(
        select(Notification).where(Notification.id == notification_id, _staff_visible(principal, None))
    )


async def mark_read(session: AsyncSession, principal: Principal, notification_id: int) -> None:
    await session.execute(
        insert(ReadNotification)
        .values(user_id=principal.user_id, notification_id=notification_id)
        .on_conflict_do_nothing()
    )


async def mark_all_read(session: AsyncSession, principal: Principal, restaurant_id: int | None) -> None:
    """Every visible restaurant's (or one's) notifications up to its newest count as read."""
    newest = (
        select(
            literal(principal.user_id).label("user_id"),
            Notification.restaurant_id,
            func.max(Notification.id).label("read_up_to"),
        )
        .where(_staff_visible(principal, restaurant_id))
        .group_by(Notification.restaurant_id)
    )
    statement = insert(ReadMark).from_select(["user_id", "restaurant_id", "read_up_to"], newest)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["user_id", "restaurant_id"],
            set_={"read_up_to": func.greatest(ReadMark.read_up_to, statement.excluded.read_up_to)},
        )
    )
    # Single reads under the new marks say nothing more.
    await session.execute(
        delete(ReadNotification).where(
            ReadNotification.user_id == principal.user_id,
            exists().where(Notification.id == ReadNotification.notification_id, Notification.id <= _read_up_to(principal)),
        )
    )


async def forget_restaurant(session: AsyncSession, restaurant_id: int) -> None:
    await session.execute(delete(ReadMark).where(ReadMark.restaurant_id == restaurant_id))
    await session.execute(delete(Notification).where(Notification.restaurant_id == restaurant_id))
