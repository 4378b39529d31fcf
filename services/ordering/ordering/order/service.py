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
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.catalog import CategoryFacts
from contracts.ordering import (
    DishActivated, DishReleased, LineEdit, LineField, LinesChanged, LineStatusChange, LinesRemoved, LinesStatusChanged,
    OrderKind, OrderPlaced, PaymentNote, PlaceActivated, PlaceReleased, TabClosed,
)
from kit.errors import FieldErrors
from kit.membership import ensure_restaurant_access
from kit.outbox import add_event
from kit.tokens import Principal
from ordering import messages, money
from ordering.order import repository
from ordering.order.errors import (
    AddOrderDisabled, CashNotRejectable, ChangedMeanwhile, DishNotInMenu, DishUnavailable, DishUnknown, LineNotEditable,
    LineNotFound, OnlinePaymentPending, PaidLineUndeletable, PaidOnlyByPayment, PlaceNotFound, TooManyLines,
)
from ordering.order.facts import facts_of, line_facts
from ordering.order.models import Order, OrderLine
from ordering.order.schemas import AccountPay, LinePublic, LineUpdate, TransactionDetails, UpdateAll
from ordering.order.repository import OpenLine
from ordering.order.statuses import NEW, OPEN, PAID, REJECTED
from ordering.order.transitions import check, delivery_bulk_applies, payable
from ordering.projections import repository as projections
from ordering.projections.models import DishFacts, PlaceFacts
from ordering.settings import Settings


# --- answers -------------------------------------------------------------------------------

def public(line: OrderLine, place_name: str) -> LinePublic:
    paid = line.pay_status == "paid"
    return LinePublic(
        id=line.id, order=line.order_id, fk_sit=line.place_id, sit_name=place_name, fk_dish=line.dish_id,
        dish_name=line.dish_name, price=line.price, quantity=line.quantity, status=line.status,
        extra_commentary=line.extra_commentary, diner_name=line.diner_name, fk_user_client=line.fk_user_client,
        fk_delivery=line.delivery_id, fk_resto=line.restaurant_id, creation_date=line.created_at, version=line.version,
        cash=line.pay_method == "cash", status_pay=line.pay_status,
        total_paid_amount=money.line_total(line.price, line.quantity) if paid else money.ZERO,
        amount=money.line_total(line.price, line.quantity), payable=payable(line.status, line.pay_status),
        account_pay=AccountPay(
            payment_id=line.payment_id, method=line.pay_method,
            transaction_details=TransactionDetails(comission=line.commission),
        ) if line.payment_id is not None else None,
    )


def check_move(line: OrderLine, to_status: str, *, paying: bool = False) -> str:
    """The transition table's action for moving `line` to `to_status`, with the rules it cannot
    see from statuses alone: a line paid in cash is never rejected, and only a payment pays."""
    if to_status == REJECTED and line.pay_method == "cash":
        raise CashNotRejectable()
    if to_status == REJECTED and line.held_online:
        raise OnlinePaymentPending([line.id])
    action = check(line.status, to_status)
    if action == "pay" and not paying:
        raise PaidOnlyByPayment()
    return action


async def describe_all(session: AsyncSession, lines: Sequence[OrderLine]) -> list[LinePublic]:
    names = await projections.place_names(session, [line.place_id for line in lines])
    return [public(line, names.get(line.place_id, "")) for line in lines]


# --- what order needs of deliveries, which sit above it ----------------------------------

@dataclass(frozen=True)
class DeliveryLinks:
    """Delivery's module sits above this one, so it plugs these in (`ordering.main` does) and order
    never imports it. Both take the session and the delivery ids (sorted, never empty)."""

    # Rewrites their stored status, derived from their lines, in the transaction of every change of them.
    lines_changed: Callable[[AsyncSession, list[int]], Awaitable[None]]
    # Each one's number (fk_delivery), which staff and the diner know it by: its lines' events name it so.
    numbers: Callable[[AsyncSession, list[int]], Awaitable[dict[int, str]]]


_deliveries: DeliveryLinks | None = None


def link_deliveries(links: DeliveryLinks) -> None:
    global _deliveries
    _deliveries = links


def _delivery_ids(delivery_ids: Iterable[int | None]) -> list[int]:
    return sorted({i for i in delivery_ids if i is not None})


async def _delivery_lines_changed(session: AsyncSession, delivery_ids: Iterable[int | None]) -> None:
    if (ids := _delivery_ids(delivery_ids)) and _deliveries is not None:
        await _deliveries.lines_changed(session, ids)


async def delivery_numbers(session: AsyncSession, delivery_ids: Iterable[int | None]) -> dict[int, str]:
    if (ids := _delivery_ids(delivery_ids)) and _deliveries is not None:
        return await _deliveries.numbers(session, ids)
    return {}


# --- what open lines hold (announced to catalog and floor) ---------------------------------

@dataclass
class Holds:
    """What open lines hold at one moment: how many open lines each place has on its tab, and the
    (order, dish) pairs."""

    open_at: Counter[int] = field(default_factory=Counter)
    dishes: set[tuple[int, int]] = field(default_factory=set)

    @property
    def places(self) -> set[int]:
        return {place for place, count in self.open_at.items() if count}

    @classmethod
    def of(cls, lines: Iterable[OpenLine], place_ids: Iterable[int | None], order_ids: Iterable[int]) -> "Holds":
        """What these open lines hold at the places and of the orders asked about."""
        places, orders = set(place_ids), set(order_ids)
        holds = cls()
        for place_id, order_id, dish_id in lines:
            if place_id is not None and place_id in places:
                holds.open_at[place_id] += 1
            if order_id in orders:
                holds.dishes.add((order_id, dish_id))
        return holds


def is_open(line: OrderLine) -> bool:
    return line.status in OPEN and line.closed_at is None


async def lock_holders(session: AsyncSession, place_ids: Iterable[int | None], order_ids: Iterable[int] = ()) -> None:
    """Serialize the changes of these places and orders (see the module's note): places, then orders."""
    await projections.lock_places(session, {p for p in place_ids if p is not None})
    await repository.lock_orders(session, order_ids)


async def holds(session: AsyncSession, place_ids: Iterable[int | None], order_ids: Iterable[int]) -> Holds:
    """What the places and orders hold now; take `lock_holders` first when about to change them."""
    await session.flush()
    places, orders = set(place_ids), set(order_ids)
    return Holds.of(await repository.open_lines(session, places, orders), places, orders)


def _announce(session: AsyncSession, restaurant_id: int, before: Holds, after: Holds) -> None:
    """Announce what became held or free between `before` and `after` (floor and catalog refuse
    removals meanwhile): a place each, and an order's dishes in one event."""
    for place_id in sorted(after.places - before.places):
        add_event(session, PlaceActivated(restaurant_id=restaurant_id, place_id=place_id))
    for place_id in sorted(before.places - after.places):
        add_event(session, PlaceReleased(restaurant_id=restaurant_id, place_id=place_id))
    for event, pairs in ((DishActivated, after.dishes - before.dishes), (DishReleased, before.dishes - after.dishes)):
        by_order: dict[int, list[int]] = defaultdict(list)
        for order_id, dish_id in sorted(pairs):
            by_order[order_id].append(dish_id)
        for order_id, dish_ids in by_order.items():
            add_event(session, event(restaurant_id=restaurant_id, order_id=order_id, dish_ids=dish_ids))


async def announce_holds(
    session: AsyncSession, restaurant_id: int, before: Holds, place_ids: Iterable[int | None], order_ids: Iterable[int]
) -> None:
    """Announce what became held or free since `before`."""
    _announce(session, restaurant_id, before, await holds(session, place_ids, order_ids))


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
    delivery_id: int | None = None,
    kind: OrderKind = "table",
    menu_id: int | None = None,
    source: str,
    placed_by: str = "",
    diner_name: str = "",
    idempotency_key: str | None = None,
    now: datetime | None = None,
) -> tuple[Order, list[OrderLine], bool]:
    """Place one order (a delivery's: `delivery_id`, its `kind`, and `menu_id` every dish must be
    on) at `now` (the server's clock, or the local demo's: `ordering.clock`); answers (order, its
    lines, created). With an idempotency key already used at this place, the order it placed is
    answered instead (created False) and nothing is added."""
    check_caps(settings, lines)
    dishes = await projections.dishes(session, [line.dish_id for line in lines])
    checked = [_orderable(dishes.get(line.dish_id), restaurant_id, place) for line in lines]
    if menu_id is not None and any(dish.menu_id != menu_id for dish in checked):
        raise DishNotInMenu()
    categories = await projections.category_names(session, [dish.category_id for dish in checked])
    place_id = place.place_id if place else None
    # A delivery's key is its own (unique platform-wide); the order carries none.
    order_key = idempotency_key if delivery_id is None else None
    # What the new lines hold is known without asking: the place is newly held only if it held
    # nothing before, and every (order, dish) pair is new.
    await lock_holders(session, [place_id])
    was_held = bool(await repository.open_places(session, [place_id]))
    now = now or datetime.now(UTC)

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
            dish_id=dish.dish_id, dish_name=dish.name, category_name=categories.get(dish.category_id, ""),
            price=dish.price, quantity=line.quantity, status=NEW,
            extra_commentary=line.extra_commentary, diner_name=diner_name, fk_user_client=line.fk_user_client,
            version=1, created_at=now,
        )
        for line, dish in zip(lines, checked)
    ]))
    if place_id is not None and not was_held:
        add_event(session, PlaceActivated(restaurant_id=restaurant_id, place_id=place_id))
    add_event(session, DishActivated(restaurant_id=restaurant_id, order_id=order.id, dish_ids=sorted({row.dish_id for row in rows})))
    await _delivery_lines_changed(session, [delivery_id])
    add_event(session, OrderPlaced(
        restaurant_id=restaurant_id, order_id=order.id, placed_at=order.created_at,
        placed_by=placed_by or diner_name, first_dish_name=rows[0].dish_name, kind=kind, source=source,
        place_id=place_id, place_name=place.name if place else "", delivery_id=delivery_id,
        delivery_number=(await delivery_numbers(session, [delivery_id])).get(delivery_id),
        lines=[line_facts(row, placed_by, now) for row in rows],
    ))
    return order, rows, True


async def staff_place(
    session: AsyncSession, settings: Settings, principal: Principal, restaurant_id: int, data, now: datetime | None = None
) -> list[OrderLine]:
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
            placed_by=principal.username, now=now,
        )
        placed.extend(rows)
    return placed


async def _staff_place_of(session: AsyncSession, place_id: int, restaurant_id: int) -> PlaceFacts:
    place = await projections.place(session, place_id)
    if place is None or place.restaurant_id != restaurant_id:  # another's place looks missing
        raise PlaceNotFound()
    if not place.admin:
        raise AddOrderDisabled()
    return place


# --- changing ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Paid:
    """The payment that made a move (`announce_moves`)."""

    payment_id: int
    method: str
    tab_closed: bool


async def announce_moves(
    session: AsyncSession, restaurant_id: int, changes: list[tuple[OrderLine, str]], *,
    paid: Paid | None = None, occurred_at: datetime | None = None,
) -> None:
    """One `LinesStatusChanged` per place (or delivery): (line, its status before) for each line
    that moved, with the line's facts after the move, and the payment that moved them if one did."""
    by_place: dict[tuple[int | None, int | None], list[tuple[OrderLine, str]]] = defaultdict(list)
    for line, before in changes:
        by_place[line.place_id, line.delivery_id].append((line, before))
    names = await projections.place_names(session, [place_id for place_id, _ in by_place])
    numbers = await delivery_numbers(session, [delivery_id for _, delivery_id in by_place])
    occurred_at = occurred_at or datetime.now(UTC)
    facts = await facts_of(session, [line for line, _ in changes], occurred_at)
    for (place_id, delivery_id), moved in by_place.items():
        add_event(session, LinesStatusChanged(
            restaurant_id=restaurant_id, place_id=place_id, place_name=names.get(place_id, ""), delivery_id=delivery_id,
            delivery_number=numbers.get(delivery_id),
            changes=[
                LineStatusChange(line_id=line.id, dish_name=line.dish_name, quantity=line.quantity,
                                 from_status=before, to_status=line.status, line=facts[line.id])
                for line, before in moved
            ],
            payment=PaymentNote(
                payment_id=paid.payment_id, method=paid.method, amount=money.paid_amount([line for line, _ in moved]),
                tab_closed=paid.tab_closed and place_id is not None,
            ) if paid else None,
            occurred_at=occurred_at,
        ))


async def close_tab(session: AsyncSession, restaurant_id: int, place_id: int) -> None:
    """Reset a table whose payment left it no open line (spec part 2 §4 'Table display status'):
    its lines leave the tab, and its next diners start a new sitting (notifications).

    Leaving the tab changes none of a line's facts, so no version moves: the lines paid earlier
    are named by no event here, and a version no frame announced would leave every screen holding
    an older one for good (found by `make chaos`). The payment's frame says the lines it paid left
    the tab (`changed.lines[].status` null), which screens read whatever the version."""
    await session.execute(
        update(OrderLine)
        .where(OrderLine.place_id == place_id, OrderLine.closed_at.is_(None))
        .values(closed_at=datetime.now(UTC))
        .execution_options(synchronize_session="evaluate")  # the lines in hand read as written
    )
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
        check_move(line, data.status)
        values["status"] = data.status
    edits: dict = {}
    fields: list[LineField] = []
    if data.fk_dish is not None and data.fk_dish != line.dish_id:
        place = await projections.place(session, line.place_id) if line.place_id else None
        dish = _orderable((await projections.dishes(session, [data.fk_dish])).get(data.fk_dish), line.restaurant_id, place)
        category = (await projections.category_names(session, [dish.category_id])).get(dish.category_id, "")
        edits.update(dish_id=dish.dish_id, dish_name=dish.name, category_name=category, price=dish.price)
        fields.append("dish")
    if data.quantity is not None and data.quantity != line.quantity:
        check_caps(settings, [NewLine(line.dish_id, data.quantity)])
        edits["quantity"] = data.quantity
        fields.append("quantity")
    if data.extra_commentary is not None and data.extra_commentary != line.extra_commentary:
        place = await projections.place(session, line.place_id) if line.place_id else None
        if place is not None and not place.admin:
            raise AddOrderDisabled()  # the place's switch closes its comments to staff too (spec part 2 §4)
        edits["extra_commentary"] = data.extra_commentary
        fields.append("comment")
    if data.fk_sit is not None and data.fk_sit != line.place_id:
        edits["place_id"] = (await _staff_place_of(session, data.fk_sit, line.restaurant_id)).place_id
        fields.append("place")
    if edits and from_status != NEW:
        raise LineNotEditable()
    values.update(edits)
    if data.fk_user_client is not None and data.fk_user_client != line.fk_user_client:
        values["fk_user_client"] = data.fk_user_client  # whose it is may be said at any status
        fields.append("client")
    if not values:
        return line

    now = datetime.now(UTC)
    placed_by = (await repository.placed_by(session, [line.order_id])).get(line.order_id, "")
    before_edit = line_facts(line, placed_by, now)
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
    if fields:
        names = await projections.place_names(session, [line.place_id])
        add_event(session, LinesChanged(
            restaurant_id=line.restaurant_id, place_id=line.place_id, place_name=names.get(line.place_id, ""),
            delivery_id=line.delivery_id, delivery_number=(await delivery_numbers(session, [line.delivery_id])).get(line.delivery_id),
            edits=[LineEdit(fields=fields, before=before_edit, line=line_facts(line, placed_by, now))],
        ))
    if "status" in values:
        await _delivery_lines_changed(session, [line.delivery_id])
        await announce_moves(session, line.restaurant_id, [(line, from_status)])
    await announce_holds(session, line.restaurant_id, before, places, [line.order_id])
    await session.refresh(line)
    return line


async def remove(session: AsyncSession, principal: Principal, line_id: int) -> None:
    line = await repository.get_readable(session, principal, line_id)
    if line is None:
        raise LineNotFound()
    if line.status == PAID:
        raise PaidLineUndeletable()
    if line.held_online:
        raise OnlinePaymentPending([line.id])
    await lock_holders(session, [line.place_id], [line.order_id])
    before = await holds(session, [line.place_id], [line.order_id])
    facts = await facts_of(session, [line], datetime.now(UTC))
    removed = await session.execute(
        delete(OrderLine).where(OrderLine.id == line.id, OrderLine.version == line.version).returning(OrderLine.id)
    )
    if removed.first() is None:
        raise ChangedMeanwhile()  # paid or changed since it was read: nothing is removed
    await _delivery_lines_changed(session, [line.delivery_id])
    add_event(session, LinesRemoved(
        restaurant_id=line.restaurant_id, place_id=line.place_id, delivery_id=line.delivery_id,
        delivery_number=(await delivery_numbers(session, [line.delivery_id])).get(line.delivery_id),
        line_ids=[line.id], lines=[facts[line.id]],
    ))
    await announce_holds(session, line.restaurant_id, before, [line.place_id], [line.order_id])


@dataclass
class Moves:
    moved: list[tuple[OrderLine, str]]  # (line, its status before) for each line that moved
    after: Holds  # what the lines' places and orders hold once moved


async def move_lines(
    session: AsyncSession, restaurant_id: int, targets: list[tuple[OrderLine, str]], *, announce: bool = True,
    paying: bool = False,
) -> Moves:
    """Move locked lines to their target statuses (each checked against the table). The caller has
    taken `lock_holders` for their places and orders before locking the lines.

    What the places and orders hold before and after is the other open lines there (one query)
    and these lines before and after. A payment that leaves its table no open line closes the tab.
    `announce=False`: the caller announces what the lines hold itself (it changes more first).
    `paying`: the caller is a payment (`ordering.payment`), which alone moves lines to paid, and
    announces the moves itself, naming the payment (`announce_moves`)."""
    for line, to_status in targets:
        if line.status != to_status:
            check_move(line, to_status, paying=paying)
    places = {line.place_id for line, _ in targets if line.place_id is not None}
    orders = {line.order_id for line, _ in targets}
    others = await repository.open_lines(session, places, orders, besides=[line.id for line, _ in targets])
    before = Holds.of([*others, *((l.place_id, l.order_id, l.dish_id) for l, _ in targets if is_open(l))], places, orders)
    moved = []
    for line, to_status in targets:
        if line.status != to_status:
            moved.append((line, line.status))
            line.status = to_status
            line.version += 1
    after = Holds.of([*others, *((l.place_id, l.order_id, l.dish_id) for l, _ in targets if is_open(l))], places, orders)
    if moved:
        await _delivery_lines_changed(session, [line.delivery_id for line, _ in moved])
        if not paying:
            await announce_moves(session, restaurant_id, moved)
        settled = {line.place_id for line, _ in moved if line.status == PAID and line.closed_at is None} - after.places
        for place_id in sorted(settled - {None}):
            await close_tab(session, restaurant_id, place_id)
        if announce:
            _announce(session, restaurant_id, before, after)
    return Moves(moved, after)


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
    if data.delivery:  # the delivery screen's reading: a line the target does not apply to stays
        targets = [(line, to) for line, to in targets if delivery_bulk_applies(line.status, to)]
    await move_lines(session, data.pk_resto, targets)
    return lines


# --- catalog's categories ------------------------------------------------------------------

async def name_uncategorized_lines(session: AsyncSession, event: CategoryFacts) -> None:
    """Lines placed before ordering knew their dish's category (its events came late, or were
    replayed after ordering began copying category names) take its name when it arrives; a line
    that has one keeps it. Not a change the restaurant made: nothing is announced, no version moves.
    Locked in id order first, as every multi-line change locks lines (no deadlock with them)."""
    uncategorized = (
        OrderLine.restaurant_id == event.restaurant_id, OrderLine.category_name == "",
        OrderLine.dish_id.in_(projections.dishes_in_category(event.category_id)),
    )
    await session.execute(select(OrderLine.id).where(*uncategorized).order_by(OrderLine.id).with_for_update())
    await session.execute(
        update(OrderLine).where(*uncategorized).values(category_name=event.name).execution_options(synchronize_session=False)
    )
