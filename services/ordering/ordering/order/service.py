"""Placing, changing and removing order lines. Never commits: the request does.

Whether a place or an (order, dish) pair is still held is decided by looking at the other lines,
so two changes of one table's lines must not both look before either writes (both would see the
other's line still open, and the release would never be announced). Every change therefore locks
its place's projection row first, then its orders' rows, then lines: one order everywhere, so the
locks cannot deadlock (`lock_holders`).

Two tablets acting on one line at the same moment: each reads the line, checks its change against
the transition table, and writes it only if the line still has the version it read
(`UPDATE ... WHERE version = read`). PostgreSQL makes the second writer wait for the first and then
re-check its WHERE clause on the committed row, so exactly one wins and the other gets 409
'changed meanwhile' with nothing applied. Changes of many lines at once lock them in id order.
"""
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.ordering import (
    DishActivated, DishReleased, LineFacts, LineStatusChange, LinesRemoved, LinesStatusChanged, OrderPlaced,
    PlaceActivated, PlaceReleased, TabClosed,
)
from kit.errors import FieldErrors
from kit.membership import ensure_restaurant_access
from kit.outbox import add_event
from kit.tokens import Principal
from ordering import messages
from ordering.order import repository
from ordering.delivery.models import DELIVERY, Delivery
from ordering.delivery.status import keep_status as keep_delivery_status
from ordering.order.errors import (
    AddOrderDisabled, ChangedMeanwhile, DishNotInMenu, DishUnavailable, DishUnknown, LineNotEditable, LineNotFound,
    PaidLineUndeletable, PlaceNotFound, TooManyLines,
)
from ordering.order.models import Order, OrderLine
from ordering.order.schemas import LinePublic, LineUpdate, UpdateAll
from ordering.order.transitions import NEW, PAID, TRANSITIONS, check
from ordering.projections.models import DishFacts, PlaceFacts
from ordering.settings import Settings


# --- answers -------------------------------------------------------------------------------

def public(line: OrderLine, place_name: str) -> LinePublic:
    return LinePublic(
        id=line.id, order=line.order_id, fk_sit=line.place_id, sit_name=place_name, fk_dish=line.dish_id,
        dish_name=line.dish_name, price=line.price, quantity=line.quantity, status=line.status,
        extra_commentary=line.extra_commentary, diner_name=line.diner_name, fk_user_client=line.fk_user_client,
        fk_delivery=line.delivery_id, fk_resto=line.restaurant_id, creation_date=line.created_at, version=line.version,
    )


async def describe_all(session: AsyncSession, lines: Sequence[OrderLine]) -> list[LinePublic]:
    names = await repository.place_names(session, [line.place_id for line in lines])
    return [public(line, names.get(line.place_id, "")) for line in lines]


# --- what open lines hold (announced to catalog and floor) ---------------------------------

@dataclass
class Holds:
    """The places with an open line and the (order, dish) pairs open lines hold, at one moment."""

    places: set[int] = field(default_factory=set)
    dishes: set[tuple[int, int]] = field(default_factory=set)


async def lock_holders(session: AsyncSession, place_ids: Iterable[int | None], order_ids: Iterable[int] = ()) -> None:
    """Serialize the changes of these places and orders (see the module's note): places, then orders."""
    places = sorted({p for p in place_ids if p is not None})
    orders = sorted(set(order_ids))
    if places:
        await session.execute(
            select(PlaceFacts.place_id).where(PlaceFacts.place_id.in_(places)).order_by(PlaceFacts.place_id).with_for_update()
        )
    if orders:
        await session.execute(select(Order.id).where(Order.id.in_(orders)).order_by(Order.id).with_for_update())


async def holds(session: AsyncSession, place_ids: Iterable[int | None], order_ids: Iterable[int]) -> Holds:
    """What the places and orders hold now; take `lock_holders` first when about to change them."""
    await session.flush()
    places = {p for p in place_ids if p is not None}
    orders = set(order_ids)
    return Holds(await repository.open_places(session, places), await repository.open_dishes(session, orders))


async def announce_holds(
    session: AsyncSession, restaurant_id: int, before: Holds, place_ids: Iterable[int | None], order_ids: Iterable[int]
) -> None:
    """Announce what became held or free since `before` (floor and catalog refuse removals meanwhile)."""
    after = await holds(session, place_ids, order_ids)
    for place_id in sorted(after.places - before.places):
        add_event(session, PlaceActivated(restaurant_id=restaurant_id, place_id=place_id))
    for place_id in sorted(before.places - after.places):
        add_event(session, PlaceReleased(restaurant_id=restaurant_id, place_id=place_id))
    for order_id, dish_id in sorted(after.dishes - before.dishes):
        add_event(session, DishActivated(restaurant_id=restaurant_id, dish_id=dish_id, order_id=order_id))
    for order_id, dish_id in sorted(before.dishes - after.dishes):
        add_event(session, DishReleased(restaurant_id=restaurant_id, dish_id=dish_id, order_id=order_id))


# --- placing -------------------------------------------------------------------------------

@dataclass(frozen=True)
class NewLine:
    dish_id: int
    quantity: int
    extra_commentary: str = ""
    fk_user_client: int | None = None


def check_caps(settings: Settings, lines: Sequence[NewLine]) -> None:
    if not lines:
        raise FieldErrors({"ordenes": [messages.ORDER_EMPTY]})
    if len(lines) > settings.max_lines_per_order:
        raise TooManyLines(settings.max_lines_per_order)
    for line in lines:
        if line.quantity > settings.max_quantity_per_line:
            raise FieldErrors({"quantity": [
                messages.TOO_MANY_QUANTITY.format(max_quantity=settings.max_quantity_per_line)
            ]})


def _orderable(dish: DishFacts | None, restaurant_id: int, place: PlaceFacts | None) -> DishFacts:
    if dish is None or dish.restaurant_id != restaurant_id:
        raise DishUnknown()
    if not dish.orderable:
        raise DishUnavailable(dish.name or str(dish.dish_id))
    if place is not None and dish.menu_id != place.menu_id:
        raise DishNotInMenu()
    return dish


async def place_order(
    session: AsyncSession,
    settings: Settings,
    *,
    restaurant_id: int,
    place: PlaceFacts | None,
    lines: Sequence[NewLine],
    delivery: Delivery | None = None,
    source: str,
    placed_by: str = "",
    diner_name: str = "",
    idempotency_key: str | None = None,
) -> tuple[Order, list[OrderLine], bool]:
    """Place one order; answers (order, its lines, created). With an idempotency key already used
    at this place, the order it placed is answered instead (created False) and nothing is added."""
    check_caps(settings, lines)
    dishes = await repository.dishes(session, [line.dish_id for line in lines])
    checked = [_orderable(dishes.get(line.dish_id), restaurant_id, place) for line in lines]
    if delivery is not None and any(dish.menu_id != delivery.menu_id for dish in checked):
        raise DishNotInMenu()
    place_id = place.place_id if place else None
    delivery_id = delivery.id if delivery else None
    kind = "table" if delivery is None else ("delivery" if delivery.type_delivery == DELIVERY else "takeaway")
    # A delivery's key is its own (unique per restaurant); the order carries none.
    order_key = idempotency_key if delivery is None else None
    # What the new lines hold is known without asking: the place is newly held only if it held
    # nothing before, and every (order, dish) pair is new.
    await lock_holders(session, [place_id])
    was_held = bool(await repository.open_places(session, [place_id]))
    now = datetime.now(UTC)

    # ON CONFLICT: a second tap racing the first waits for it, then finds its order.
    order = await session.scalar(
        insert(Order)
        .values(restaurant_id=restaurant_id, place_id=place_id, delivery_id=delivery_id, kind=kind, source=source,
                placed_by=placed_by, idempotency_key=order_key, created_at=now)
        .on_conflict_do_nothing(index_elements=["place_id", "idempotency_key"])
        .returning(Order)
    )
    if order is None:
        existing = await repository.order_by_key(session, place_id, idempotency_key)
        return existing, await repository.lines_of_order(session, existing.id), False

    # One round trip for every line (INSERT ... RETURNING of many rows).
    rows = list(await session.scalars(insert(OrderLine).returning(OrderLine, sort_by_parameter_order=True), [
        dict(
            order_id=order.id, restaurant_id=restaurant_id, place_id=place_id, delivery_id=delivery_id,
            dish_id=dish.dish_id, dish_name=dish.name, price=dish.price, quantity=line.quantity, status=NEW,
            extra_commentary=line.extra_commentary, diner_name=diner_name, fk_user_client=line.fk_user_client,
            version=1, created_at=now,
        )
        for line, dish in zip(lines, checked)
    ]))
    if place_id is not None and not was_held:
        add_event(session, PlaceActivated(restaurant_id=restaurant_id, place_id=place_id))
    for dish_id in sorted({row.dish_id for row in rows}):
        add_event(session, DishActivated(restaurant_id=restaurant_id, dish_id=dish_id, order_id=order.id))
    await keep_delivery_status(session, [delivery_id])
    add_event(session, OrderPlaced(
        restaurant_id=restaurant_id, order_id=order.id, placed_at=order.created_at,
        placed_by=placed_by or diner_name, first_dish_name=rows[0].dish_name, kind=kind, source=source,
        place_id=place_id, place_name=place.name if place else "", delivery_id=delivery_id,
        lines=[
            LineFacts(line_id=r.id, dish_id=r.dish_id, dish_name=r.dish_name, price=r.price, quantity=r.quantity,
                      status=r.status, extra_commentary=r.extra_commentary, diner_name=r.diner_name)
            for r in rows
        ],
    ))
    return order, rows, True


async def staff_place(session: AsyncSession, settings: Settings, principal: Principal, restaurant_id: int, data) -> list[OrderLine]:
    """Staff add orders for tables (spec part 2 §2): one order per place named in the lines."""
    await ensure_restaurant_access(session, principal, restaurant_id)
    if not data.ordenes:
        raise FieldErrors({"ordenes": [messages.ORDER_EMPTY]})
    by_place: dict[int, list[NewLine]] = defaultdict(list)
    for line in data.ordenes:
        by_place[line.fk_sit].append(NewLine(line.fk_dish, line.quantity, line.extra_commentary, line.fk_user_client))
    placed: list[OrderLine] = []
    for place_id, lines in by_place.items():
        place = await _staff_place_of(session, place_id, restaurant_id)
        _, rows, _ = await place_order(
            session, settings, restaurant_id=restaurant_id, place=place, lines=lines, source="staff",
            placed_by=principal.username,
        )
        placed.extend(rows)
    return placed


async def _staff_place_of(session: AsyncSession, place_id: int, restaurant_id: int) -> PlaceFacts:
    place = await repository.place(session, place_id)
    if place is None or place.restaurant_id != restaurant_id:  # another's place looks missing
        raise PlaceNotFound()
    if not place.admin:
        raise AddOrderDisabled()
    return place


# --- changing ------------------------------------------------------------------------------

async def _announce_changes(
    session: AsyncSession, restaurant_id: int, changes: list[tuple[OrderLine, str]]
) -> None:
    """One `LinesStatusChanged` per place (or delivery): (line, its status before) for each line that moved."""
    by_place: dict[tuple[int | None, int | None], list[tuple[OrderLine, str]]] = defaultdict(list)
    for line, before in changes:
        by_place[line.place_id, line.delivery_id].append((line, before))
    names = await repository.place_names(session, [place_id for place_id, _ in by_place])
    for (place_id, delivery_id), moved in by_place.items():
        add_event(session, LinesStatusChanged(
            restaurant_id=restaurant_id, place_id=place_id, place_name=names.get(place_id, ""), delivery_id=delivery_id,
            changes=[
                LineStatusChange(line_id=line.id, dish_name=line.dish_name, quantity=line.quantity,
                                 from_status=before, to_status=line.status)
                for line, before in moved
            ],
        ))


async def close_tab_if_settled(session: AsyncSession, place_id: int | None) -> None:
    """A payment that leaves no open order on the table resets it (spec part 2 §4 'Table display status')."""
    if place_id is None:
        return
    await session.flush()
    if not await repository.open_places(session, [place_id]):
        closed = await session.execute(
            update(OrderLine)
            .where(OrderLine.place_id == place_id, OrderLine.closed_at.is_(None))
            .values(closed_at=datetime.now(UTC), version=OrderLine.version + 1)
            .returning(OrderLine.restaurant_id)
        )
        restaurant_id = closed.scalars().first()
        if restaurant_id is not None:  # the table's next diners start a new sitting (notifications)
            add_event(session, TabClosed(restaurant_id=restaurant_id, place_id=place_id))


async def change(session: AsyncSession, settings: Settings, principal: Principal, line_id: int, data: LineUpdate) -> OrderLine:
    line = await repository.get_readable(session, principal, line_id)
    if line is None:
        raise LineNotFound()
    read_version, from_status = line.version, line.status
    if data.version is not None and data.version != read_version:
        raise ChangedMeanwhile()

    values: dict = {}
    if data.status is not None and data.status != from_status:
        check(from_status, data.status)
        values["status"] = data.status
    edits: dict = {}
    if data.fk_dish is not None and data.fk_dish != line.dish_id:
        place = await repository.place(session, line.place_id) if line.place_id else None
        dish = _orderable((await repository.dishes(session, [data.fk_dish])).get(data.fk_dish), line.restaurant_id, place)
        edits.update(dish_id=dish.dish_id, dish_name=dish.name, price=dish.price)
    if data.quantity is not None and data.quantity != line.quantity:
        check_caps(settings, [NewLine(line.dish_id, data.quantity)])
        edits["quantity"] = data.quantity
    if data.extra_commentary is not None and data.extra_commentary != line.extra_commentary:
        edits["extra_commentary"] = data.extra_commentary
    if data.fk_sit is not None and data.fk_sit != line.place_id:
        edits["place_id"] = (await _staff_place_of(session, data.fk_sit, line.restaurant_id)).place_id
    if edits and from_status != NEW:
        raise LineNotEditable()
    values.update(edits)
    if data.fk_user_client is not None:
        values["fk_user_client"] = data.fk_user_client
    if not values:
        return line

    places = {line.place_id, values.get("place_id", line.place_id)}
    await lock_holders(session, places, [line.order_id])
    before = await holds(session, places, [line.order_id])
    written = await session.execute(
        update(OrderLine)
        .where(OrderLine.id == line.id, OrderLine.version == read_version)
        .values(**values, version=read_version + 1)
        .returning(OrderLine.id)
        .execution_options(synchronize_session=False)
    )
    if written.first() is None:
        raise ChangedMeanwhile()
    await session.refresh(line)
    if "status" in values:
        await keep_delivery_status(session, [line.delivery_id])
        await _announce_changes(session, line.restaurant_id, [(line, from_status)])
        if line.status == PAID:
            await close_tab_if_settled(session, line.place_id)
    await announce_holds(session, line.restaurant_id, before, places, [line.order_id])
    await session.refresh(line)
    return line


async def remove(session: AsyncSession, principal: Principal, line_id: int) -> None:
    line = await repository.get_readable(session, principal, line_id)
    if line is None:
        raise LineNotFound()
    if line.status == PAID:
        raise PaidLineUndeletable()
    await lock_holders(session, [line.place_id], [line.order_id])
    before = await holds(session, [line.place_id], [line.order_id])
    removed = await session.execute(
        delete(OrderLine).where(OrderLine.id == line.id, OrderLine.version == line.version).returning(OrderLine.id)
    )
    if removed.first() is None:
        raise ChangedMeanwhile()  # paid or changed since it was read: nothing is removed
    await keep_delivery_status(session, [line.delivery_id])
    add_event(session, LinesRemoved(
        restaurant_id=line.restaurant_id, place_id=line.place_id, delivery_id=line.delivery_id, line_ids=[line.id]
    ))
    await announce_holds(session, line.restaurant_id, before, [line.place_id], [line.order_id])


async def move_lines(
    session: AsyncSession, restaurant_id: int, targets: list[tuple[OrderLine, str]], *, announce: bool = True
) -> list[tuple[OrderLine, str]]:
    """Move locked lines to their target statuses (each checked against the table); answers the moves.
    The caller has taken `lock_holders` for their places and orders before locking the lines.

    `announce=False`: the caller announces what the lines hold itself (it changes more first)."""
    for line, to_status in targets:
        if line.status != to_status:
            check(line.status, to_status)
    before = await holds(session, [line.place_id for line, _ in targets], [line.order_id for line, _ in targets])
    moved = []
    for line, to_status in targets:
        if line.status != to_status:
            moved.append((line, line.status))
            line.status = to_status
            line.version += 1
    if moved:
        await keep_delivery_status(session, [line.delivery_id for line, _ in moved])
        await _announce_changes(session, restaurant_id, moved)
        for place_id in {line.place_id for line, _ in moved if line.status == PAID}:
            await close_tab_if_settled(session, place_id)
    if moved and announce:
        await announce_holds(session, restaurant_id, before, before.places | {l.place_id for l, _ in targets},
                             [line.order_id for line, _ in targets])
    return moved


async def update_all(session: AsyncSession, principal: Principal, data: UpdateAll) -> list[OrderLine]:
    """`POST ordenes/update-all/`: every line moves, or none does."""
    await ensure_restaurant_access(session, principal, data.pk_resto)
    wanted = {item.pk: item for item in data.lines}
    found = await repository.lines_by_ids(session, principal, data.pk_resto, wanted)
    if len(found) != len(wanted):
        raise LineNotFound()
    await lock_holders(session, [line.place_id for line in found], [line.order_id for line in found])
    lines = await repository.lines_by_ids(session, principal, data.pk_resto, wanted, lock=True)
    for line in lines:
        version = wanted[line.id].version
        if version is not None and version != line.version:
            raise ChangedMeanwhile()
    targets = [(line, wanted[line.id].status) for line in lines]
    if data.delivery:
        targets = [(line, to) for line, to in targets if (line.status, to) in TRANSITIONS]
    await move_lines(session, data.pk_resto, targets)
    return lines

