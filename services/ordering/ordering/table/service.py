"""A table on the board: its display status, the late-table notice, bulk buttons and freeing it
(spec part 2 §4 'Table display status', 'Wait-time timer', §5 'no reject')."""
import re
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from kit.errors import NotFound
from kit.membership import ensure_restaurant_access
from kit.tokens import Principal
from ordering import messages
from ordering.order import repository
from ordering.order.errors import PlaceNotFound
from ordering.order.models import OrderLine
from ordering.order.repository import SqlLineStore
from ordering.order.statuses import ACCEPTED, NEW
from ordering.order.transitions import BULK, display_status
from ordering.order.work import LineStore, LineWork
from ordering.projections import repository as projections
from ordering.projections.models import PlaceFacts
from ordering.table.errors import NoReject
from ordering.table.schemas import TablePublic


async def staff_place(store: LineStore, principal: Principal, place_id: int) -> PlaceFacts:
    place = await store.place(place_id)
    if place is None:
        raise PlaceNotFound()
    try:
        await store.ensure_access(principal, place.restaurant_id)
    except NotFound:  # another restaurant's place answers exactly like a missing one
        raise PlaceNotFound() from None
    return place


def natural(name: str) -> tuple:
    """M2 before M10."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name))


def is_late(lines: list[OrderLine], wait_minutes: int, now: datetime) -> tuple[bool, datetime | None]:
    """Late when the table still waits (a new or accepted line) and its newest order is older than
    the wait time; never when the wait time is 0."""
    newest = max((line.created_at for line in lines), default=None)
    waiting = any(line.status in (NEW, ACCEPTED) for line in lines)
    late = bool(wait_minutes and waiting and newest and now - newest > timedelta(minutes=wait_minutes))
    return late, newest


async def board(session: AsyncSession, principal: Principal, restaurant_id: int, now: datetime | None = None) -> list[TablePublic]:
    await ensure_restaurant_access(session, principal, restaurant_id)
    now = now or datetime.now(UTC)
    places = sorted(await projections.places_of(session, restaurant_id), key=lambda p: natural(p.name))
    by_place: dict[int, list[OrderLine]] = defaultdict(list)
    for line in await repository.tab_lines(session, [p.place_id for p in places]):
        by_place[line.place_id].append(line)
    wait = await _wait_time(session, restaurant_id)
    return [_table(place, by_place.get(place.place_id, []), wait, now) for place in places]


async def table(session: AsyncSession, principal: Principal, place_id: int, now: datetime | None = None) -> tuple[TablePublic, list[OrderLine]]:
    """One place of the board and the lines on its tab."""
    place = await staff_place(SqlLineStore(session), principal, place_id)
    lines = await repository.tab_lines(session, [place_id])
    return _table(place, lines, await _wait_time(session, place.restaurant_id), now or datetime.now(UTC)), lines


async def _wait_time(session: AsyncSession, restaurant_id: int) -> int:
    settings = await projections.restaurant_settings(session, restaurant_id)
    return settings.wait_time if settings else 0


def _table(place: PlaceFacts, lines: list[OrderLine], wait: int, now: datetime) -> TablePublic:
    late, newest = is_late(lines, wait, now)
    return TablePublic(
        fk_sit=place.place_id, i_name=place.name, sit_type=place.kind, admin=place.admin,
        status=display_status([line.status for line in lines]),
        counts=dict(Counter(line.status for line in lines)), newest_order_at=newest, late=late,
        late_message=messages.LATE_TABLE.render(n=place.name) if late else None, wait_time=wait,
    )


async def bulk(work: LineWork, principal: Principal, place_id: int, action: str) -> list[OrderLine]:
    """Accept all (1 to 2), deliver all (2 to 4) or reject all (1 and 2 to 3) at one table;
    answers the lines moved."""
    await staff_place(work.store, principal, place_id)
    lines = await work.tab(place_id)
    if action == "reject" and display_status([line.status for line in lines]) not in (NEW, ACCEPTED):
        raise NoReject()
    sources, target = BULK[action]
    moved = work.move([(line, target) for line in lines if line.status in sources])
    return moved


async def free(work: LineWork, principal: Principal, place_id: int) -> list[OrderLine]:
    """Reject the table's open orders, clear its tab; floor unblocks it and clears a waiter call."""
    rejected = await work.free(await staff_place(work.store, principal, place_id))
    return rejected
