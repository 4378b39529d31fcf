"""One change of order lines, from its locks to its events: the unit of work every caller goes
through (staff's moves and edits, update-all, a table's bulk buttons and freeing it, counter and
online payments, placing an order: a diner's, staff's, a delivery's).

Locks. Whether a place or an (order, dish) pair is still held is decided by looking at the other
lines, so two changes of one table's lines must not both look before either writes (both would see
the other's line still open, and the release would never be announced). A work therefore locks
its places' projection rows first, then its orders' rows, then its lines in id order (`lock`,
`lock_lines`, `tab`): one order everywhere, so the locks cannot deadlock. Taking a place or an
order once lines are locked is refused (`LockOrder`).

Two tablets acting on one line at the same moment: each reads the line, checks its change against
the transition table, and writes it only if the line still has the version it read
(`UPDATE ... WHERE version = read`, `change` and `remove`). PostgreSQL makes the second writer wait
for the first and then re-check its WHERE clause on the committed row, so exactly one wins and the
other gets 409 'changed meanwhile' with nothing applied.

A caller says what it means (`move`, `change`, `remove`, `pay`, `hold_online`, `free`, `place`);
every move is checked by `transitions.check_move`, every amount comes from `money`. What the lines
held before and after is the other open lines at their places and of their orders (one query,
`LineStore.open_lines`) and the lines in hand as they were taken and as they are. `flush`, on
the work's clean exit (`async with`), writes the tabs that closed and then the events, in this
order (consumers order them by `occurred_at`, which follows it; a payment's moves and its record
carry the payment's moment, taken before the tab it may close):

1. `LinesChanged`: the edits, one event per place (or delivery);
2. the deliveries' derived status (`Deliveries.keep_status`, which announces the ones that moved);
3. `LinesStatusChanged`: the moves, one event per place (or delivery), naming the payment that
   made them (`PaymentNote`);
4. `LinesRemoved`;
5. `PlaceActivated` / `PlaceReleased`, then `DishActivated` / `DishReleased` (one per order);
6. `TabClosed`: a freed table, or a table a payment left with no open line;
7. `TableFreed`, after its tab closed: the freeing is the new sitting's first news;
8. `OrderPlaced`;
9. what the caller recorded (`record`: a payment's `PaymentRecorded`, a refused checkout).
"""
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple, Protocol

from contracts import Event
from contracts.ordering import (
    DishActivated, DishReleased, LineEdit, LineFacts, LineField, LinesChanged, LineStatusChange, LinesRemoved,
    LinesStatusChanged, OrderKind, OrderPlaced, PaymentNote, PlaceActivated, PlaceReleased, TabClosed, TableFreed,
)
from kit.localtime import utc_now
from kit.tokens import Principal
from ordering import money
from ordering.order.errors import ChangedMeanwhile
from ordering.order.facts import line_facts
from ordering.order.models import Order, OrderLine
from ordering.order.statuses import ACCEPTED, NEW, OPEN, PAID, REJECTED
from ordering.order.transitions import check_move, check_removable
from ordering.projections.models import DishFacts, PlaceFacts


class OpenLine(NamedTuple):
    """An open line as holds see it (`LineStore.open_lines`)."""

    line_id: int
    place_id: int | None
    order_id: int
    dish_id: int


class LineStore(Protocol):
    """What a work reads and writes, for one transaction: `order.repository.SqlLineStore` in the
    service, an in-memory fake in tests/unit. Reads scoped by a principal find only the lines of
    restaurants the caller may see."""

    # the outbox
    def add_event(self, event: Event) -> None: ...
    # locks, in the work's order
    async def lock_places(self, place_ids: list[int]) -> None: ...
    async def lock_orders(self, order_ids: list[int]) -> None: ...
    # lines
    async def readable_line(self, principal: Principal, line_id: int) -> OrderLine | None: ...
    async def readable_lines(self, principal: Principal, line_ids: Iterable[int]) -> list[OrderLine]: ...
    async def lines_by_ids(self, principal: Principal, restaurant_id: int, line_ids: Iterable[int]) -> list[OrderLine]: ...
    async def lines_of_restaurant(self, restaurant_id: int, line_ids: Iterable[int], *, lock: bool = False) -> list[OrderLine]: ...
    async def tab_orders(self, place_id: int) -> list[int]: ...
    async def tab_lines(self, place_ids: Iterable[int], *, lock: bool = False) -> list[OrderLine]: ...
    async def open_lines(self, place_ids: Iterable[int], order_ids: Iterable[int], besides: Iterable[int]) -> list[OpenLine]: ...
    async def open_of_deliveries(self, delivery_ids: Iterable[int], besides: Iterable[int]) -> int: ...
    async def placed_by(self, order_ids: Iterable[int]) -> dict[int, str]: ...
    async def write_line(self, line: OrderLine, read_version: int, values: dict) -> bool: ...
    async def delete_line(self, line: OrderLine) -> bool: ...
    async def close_tab(self, place_id: int, at: datetime) -> None: ...
    # orders
    async def add_order(self, values: dict) -> Order | None: ...
    async def order_by_key(self, place_id: int | None, key: str | None) -> Order | None: ...
    async def lines_of_order(self, order_id: int) -> list[OrderLine]: ...
    async def add_lines(self, rows: list[dict]) -> list[OrderLine]: ...
    # what other services told ordering (its projections), and who may act
    async def place(self, place_id: int) -> PlaceFacts | None: ...
    async def place_names(self, place_ids: Iterable[int | None]) -> dict[int, str]: ...
    async def dishes(self, dish_ids: Iterable[int]) -> dict[int, DishFacts]: ...
    async def category_names(self, category_ids: Iterable[int]) -> dict[int, str]: ...
    async def ensure_access(self, principal: Principal, restaurant_id: int) -> None: ...


class Deliveries(Protocol):
    """What order needs of deliveries, which sit above it: the delivery module provides it
    (`delivery.status.DeliveryLinks`), `ordering.main` hands it to `LineWorks`. Both take delivery
    ids (sorted, never empty)."""

    # Rewrite their stored status, derived from their lines, in the transaction of every change of them.
    async def keep_status(self, delivery_ids: list[int]) -> None: ...
    # Each one's number (fk_delivery), which staff and the diner know it by: its lines' events name it so.
    async def numbers(self, delivery_ids: list[int]) -> dict[int, str]: ...


@dataclass(frozen=True)
class LineWorks:
    """What the app holds (`app.state.line_works`; event handlers name it `lines`): a unit of work
    for each transaction, with the collaborators it needs."""

    store: Callable[[object], LineStore]  # the session -> its store
    deliveries: Callable[[object], Deliveries]  # the session -> what delivery provides
    clock: Callable[[], datetime] = utc_now

    def begin(self, session) -> "LineWork":
        return LineWork(self.store(session), self.deliveries(session), self.clock)


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
    def of(cls, lines: Iterable[tuple[int | None, int, int]], place_ids: Iterable[int], order_ids: Iterable[int]) -> "Holds":
        """What these open lines, each (place, order, dish), hold at the places and of the orders asked about."""
        places, orders = set(place_ids), set(order_ids)
        holds = cls()
        for place_id, order_id, dish_id in lines:
            if place_id is not None and place_id in places:
                holds.open_at[place_id] += 1
            if order_id in orders:
                holds.dishes.add((order_id, dish_id))
        return holds

    def announce(self, restaurant_id: int, after: "Holds") -> list[Event]:
        """What became held or free between this and `after` (floor and catalog refuse removals
        meanwhile): a place each, and an order's dishes in one event."""
        events: list[Event] = [PlaceActivated(restaurant_id=restaurant_id, place_id=p) for p in sorted(after.places - self.places)]
        events += [PlaceReleased(restaurant_id=restaurant_id, place_id=p) for p in sorted(self.places - after.places)]
        for kind, pairs in ((DishActivated, after.dishes - self.dishes), (DishReleased, self.dishes - after.dishes)):
            by_order: dict[int, list[int]] = defaultdict(list)
            for order_id, dish_id in sorted(pairs):
                by_order[order_id].append(dish_id)
            events += [kind(restaurant_id=restaurant_id, order_id=o, dish_ids=dishes) for o, dishes in by_order.items()]
        return events


def is_open(line: OrderLine) -> bool:
    return line.status in OPEN and line.closed_at is None


def holding(line: OrderLine) -> tuple[int | None, int, int] | None:
    """What a line holds: its (place, order, dish) while open, else nothing."""
    return (line.place_id, line.order_id, line.dish_id) if is_open(line) else None


class LockOrder(RuntimeError):
    """A place or an order was to be locked after lines were: the one lock order would break."""


@dataclass
class _Move:
    line: OrderLine
    before: str  # its status before
    paid: bool  # made by the work's payment


@dataclass
class _Payment:
    payment_id: int
    method: str
    at: datetime  # the moment its moves (and the caller's record of it) are announced as


@dataclass
class _Placed:
    order: Order
    lines: list[OrderLine]
    place_name: str
    placed_by: str
    diner_name: str
    at: datetime


def _grouped(items: Iterable, key: Callable) -> dict:
    """Items by key, keys in the order first seen."""
    groups: dict = defaultdict(list)
    for item in items:
        groups[key(item)].append(item)
    return groups


class LineWork:
    """One transaction's change of order lines (see the module's note), used as `async with`:
    a clean exit writes what it did (`flush`), an exception writes nothing and the transaction
    rolls back. Never commits: the request, or the event's handling, does. Steps (`changing`,
    `placing`, `table.service`, ...) say what they mean through it and leave the writing to whoever
    opened it (the request's `LineWorkDep`, a handler's `async with lines.begin(session)`)."""

    async def __aenter__(self) -> "LineWork":
        return self

    async def __aexit__(self, exc_type, exc, traceback) -> None:
        if exc_type is None:
            await self.flush()

    def __init__(self, store: LineStore, deliveries: Deliveries, clock: Callable[[], datetime] = utc_now):
        self.store = store
        self.deliveries = deliveries
        self.clock = clock
        self._places: set[int] = set()  # locked
        self._orders: set[int] = set()
        self._lines_locked = False
        self._new_orders: set[int] = set()  # placed by this work: no other line holds anything of them
        self._hand: dict[int, OrderLine] = {}  # every line this work took, by id
        self._others: tuple[set[int], set[int], list[OpenLine]] | None = None  # (places, orders, open lines) read
        self._begin()

    def _begin(self) -> None:
        self._held: dict[int, tuple[int | None, int, int] | None] = {
            line_id: holding(line) for line_id, line in self._hand.items()}  # what each line held when taken
        self._removed: dict[int, tuple[OrderLine, LineFacts]] = {}  # with its facts as they were
        self._moves: list[_Move] = []
        self._edits: list[tuple[OrderLine, LineEdit]] = []
        self._payment: _Payment | None = None
        self._closing: dict[int, int] = {}  # place -> its restaurant, for the tabs that close
        self._freed: list[tuple[PlaceFacts, list[OrderLine]]] = []
        self._placed: list[_Placed] = []
        self._recorded: list[Event] = []

    # --- locks and the lines in hand ---------------------------------------------------------

    async def lock(self, place_ids: Iterable[int | None] = (), order_ids: Iterable[int] = ()) -> None:
        """Lock these places, then these orders, each in id order (those this work holds are skipped)."""
        places = sorted({p for p in place_ids if p is not None} - self._places)
        orders = sorted(set(order_ids) - self._orders)
        if (places and self._orders) or ((places or orders) and self._lines_locked):
            raise LockOrder(f"places {places} or orders {orders} to be locked after orders or lines")
        if places:
            await self.store.lock_places(places)
            self._places.update(places)
        if orders:
            await self.store.lock_orders(orders)
            self._orders.update(orders)

    async def lock_lines(self, restaurant_id: int, found: Sequence[OrderLine]) -> list[OrderLine]:
        """Lock what the `found` lines hold (their places, their orders), then read them again
        locked, in id order: what another transaction committed meanwhile replaces what was read,
        and a line removed meanwhile is missing."""
        await self.lock({line.place_id for line in found}, {line.order_id for line in found})
        self._lines_locked = True
        lines = await self.store.lines_of_restaurant(restaurant_id, [line.id for line in found], lock=True)
        return [self.take(line) for line in lines]

    async def tab(self, place_id: int) -> list[OrderLine]:
        """The lines on a place's tab, locked: the place, the orders they belong to, then the lines."""
        await self.lock([place_id])
        await self.lock((), await self.store.tab_orders(place_id))
        self._lines_locked = True
        return [self.take(line) for line in await self.store.tab_lines([place_id], lock=True)]

    def take(self, line: OrderLine) -> OrderLine:
        """Count `line` among the lines this work changes, as it is now (what it holds before)."""
        if line.id not in self._hand:
            self._hand[line.id] = line
            self._held[line.id] = holding(line)
        return self._hand[line.id]

    # --- what a caller means ----------------------------------------------------------------

    def move(self, targets: Iterable[tuple[OrderLine, str]]) -> list[OrderLine]:
        """Move each line to its target status, every move checked by the table before any is
        made; a line already there stays. Answers the lines that moved. Only `pay` pays."""
        targets = [(self.take(line), to_status) for line, to_status in targets]
        for line, to_status in targets:
            if line.status != to_status:
                check_move(line, to_status)
        moved = []
        for line, to_status in targets:
            if line.status != to_status:
                self._moves.append(_Move(line, line.status, paid=False))
                line.status = to_status
                line.version += 1
                moved.append(line)
        return moved

    async def change(
        self, line: OrderLine, read_version: int, *, status: str | None = None, values: dict | None = None,
        fields: Sequence[LineField] = (),
    ) -> None:
        """Write one line as read at `read_version`: a status move (checked by the table) and
        `values` (columns), announced as an edit of `fields` when it names some; one version more.
        Another writer was first: 409 and nothing applied."""
        self.take(line)
        from_status = line.status
        moving = status is not None and status != from_status
        if moving:
            check_move(line, status)
        if fields:
            placed_by = (await self.store.placed_by([line.order_id])).get(line.order_id, "")
            now = self.clock()
            before = line_facts(line, placed_by, now)
        if not await self.store.write_line(line, read_version, {**(values or {}), **({"status": status} if moving else {})}):
            raise ChangedMeanwhile()
        if fields:
            self._edits.append((line, LineEdit(fields=list(fields), before=before, line=line_facts(line, placed_by, now))))
        if moving:
            self._moves.append(_Move(line, from_status, paid=False))

    async def remove(self, line: OrderLine) -> None:
        """Delete a line as it was read (a paid one, or one an online payment holds, is refused);
        changed meanwhile: 409 and nothing removed."""
        check_removable(line)
        self.take(line)
        placed_by = (await self.store.placed_by([line.order_id])).get(line.order_id, "")
        facts = line_facts(line, placed_by, self.clock())
        if not await self.store.delete_line(line):
            raise ChangedMeanwhile()  # paid or changed since it was read: nothing is removed
        self._removed[line.id] = (line, facts)

    async def open_left(self, place_id: int | None, delivery_ids: Sequence[int], paying: Sequence[OrderLine]) -> int:
        """The lines that stay open once `paying` are paid: on the place's tab, or (no place) of
        these delivery orders."""
        paid = {line.id for line in paying}
        staying = [line for line in self._hand.values() if line.id not in paid and is_open(line)]
        if place_id is None:
            ids = set(delivery_ids)
            return (await self.store.open_of_deliveries(sorted(ids), besides=sorted(self._hand))
                    + sum(1 for line in staying if line.delivery_id in ids))
        others = await self._open_others()
        return sum(1 for line in others if line.place_id == place_id) + sum(1 for line in staying if line.place_id == place_id)

    def pay(self, lines: Sequence[OrderLine], payment_id: int, method: str) -> datetime:
        """Move these lines to paid with the payment that pays them (the caller records it), each
        move checked by the table; a table it leaves with no open line closes its tab. Answers the
        moment its moves are announced as, which the payment's record says too: the payment
        belongs to the sitting it ends, before the tab it may close."""
        lines = [self.take(line) for line in lines]
        for line in lines:
            check_move(line, PAID, by_payment=True)
        at = self.clock()
        self._payment = _Payment(payment_id, method, at)
        for line in lines:
            self._moves.append(_Move(line, line.status, paid=True))
            line.status = PAID
            line.version += 1
            line.payment_id, line.pay_status, line.pay_method = payment_id, "paid", method
        return at

    async def mark_online(self, lines: Sequence[OrderLine], checkout_id: int, pay_status: str | None) -> None:
        """An online payment's state on its lines: held by checkout `checkout_id` with
        `pay_status` ('pending', 'rejected'), or freed (None). Each is a change of the line: one
        version more, announced as an edit of its 'payment'."""
        lines = [self.take(line) for line in lines]
        placed_by = await self.store.placed_by({line.order_id for line in lines})
        now = self.clock()
        for line in lines:
            by = placed_by.get(line.order_id, "")
            before = line_facts(line, by, now)
            line.pay_status, line.checkout_id = pay_status, checkout_id if pay_status is not None else None
            line.version += 1
            self._edits.append((line, LineEdit(fields=["payment"], before=before, line=line_facts(line, by, now))))

    async def free(self, place: PlaceFacts) -> list[OrderLine]:
        """Free a table: its new and accepted lines are rejected and its tab closes (floor
        unblocks it and clears a waiter call). Answers the lines rejected."""
        lines = await self.tab(place.place_id)
        rejected = self.move([(line, REJECTED) for line in lines if line.status in (NEW, ACCEPTED)])
        self._closing[place.place_id] = place.restaurant_id
        self._freed.append((place, rejected))
        return rejected

    async def place(
        self, *, restaurant_id: int, place: PlaceFacts | None, lines: Sequence[dict], delivery_id: int | None = None,
        kind: OrderKind = "table", source: str, placed_by: str = "", diner_name: str = "",
        idempotency_key: str | None = None, now: datetime,
    ) -> tuple[Order, list[OrderLine], bool]:
        """Place one order of these lines (each its dish's columns, checked by the caller) at
        `now`; answers (order, its lines, created). With an idempotency key already used at this
        place, the order it placed is answered instead (created False) and nothing is added."""
        place_id = place.place_id if place else None
        await self.lock([place_id])
        # ON CONFLICT: a second tap racing the first waits for it, then finds its order. A
        # delivery's key is its own (unique platform-wide); the order carries none.
        order = await self.store.add_order(dict(
            restaurant_id=restaurant_id, place_id=place_id, delivery_id=delivery_id, kind=kind, source=source,
            placed_by=placed_by, idempotency_key=idempotency_key if delivery_id is None else None, created_at=now,
        ))
        if order is None:
            existing = await self.store.order_by_key(place_id, idempotency_key)
            return existing, await self.store.lines_of_order(existing.id), False
        rows = await self.store.add_lines([dict(
            line, order_id=order.id, restaurant_id=restaurant_id, place_id=place_id, delivery_id=delivery_id,
            status=NEW, diner_name=diner_name, version=1, created_at=now,
        ) for line in lines])
        self._new_orders.add(order.id)
        for row in rows:  # new: they held nothing before
            self._hand[row.id], self._held[row.id] = row, None
        self._placed.append(_Placed(order, rows, place.name if place else "", placed_by, diner_name, now))
        return order, rows, True

    def record(self, event: Event) -> None:
        """An event of the caller's own (a payment's record, a refused checkout), written after the lines'."""
        self._recorded.append(event)

    # --- on exit --------------------------------------------------------------------------

    def _holding_now(self, line: OrderLine) -> tuple[int | None, int, int] | None:
        return None if line.id in self._removed else holding(line)

    def _involved(self) -> tuple[set[int], set[int]]:
        """The places and orders whose holds this work may change: those locked, and those its
        lines were or are at."""
        places, orders = set(self._places), set(self._orders)
        for line in self._hand.values():
            for held in (self._held.get(line.id), (line.place_id, line.order_id, line.dish_id)):
                if held is not None:
                    if held[0] is not None:
                        places.add(held[0])
                    orders.add(held[1])
        return places, orders

    async def _open_others(self) -> list[OpenLine]:
        """The open lines at the involved places and of the involved orders that are not in hand:
        read once (nobody changes them meanwhile: whoever would takes the same locks first)."""
        places, orders = self._involved()
        if self._others is None or not (places <= self._others[0] and orders <= self._others[1]):
            asked = orders - self._new_orders  # a new order has no line but the new ones
            self._others = (places, orders, await self.store.open_lines(places, asked, besides=sorted(self._hand)))
        return [line for line in self._others[2] if line.line_id not in self._hand]

    async def _numbers(self, delivery_ids: Iterable[int | None]) -> dict[int, str]:
        ids = sorted({i for i in delivery_ids if i is not None})
        return await self.deliveries.numbers(ids) if ids else {}

    async def flush(self) -> None:
        """Write what this work did: the tabs that closed, the deliveries' status and every event
        (in the module note's order). Each call writes what happened since the last one."""
        now = self.clock()
        lines = list(self._hand.values())
        before = after = None
        left_open: set[int] = set()  # the places a payment left with open lines on the tab
        if self._closing or self._payment or any(self._held.get(line.id) != self._holding_now(line) for line in lines):
            places, orders = self._involved()
            others = [(o.place_id, o.order_id, o.dish_id) for o in await self._open_others()]
            held_now = lambda: [*others, *filter(None, map(self._holding_now, lines))]  # noqa: E731
            if self._payment is not None:
                left_open = Holds.of(held_now(), places, orders).places
                # A payment that leaves its table no open line closes the tab its lines were on.
                for m in self._moves:
                    if m.paid and m.line.place_id is not None and m.line.closed_at is None and m.line.place_id not in left_open:
                        self._closing.setdefault(m.line.place_id, m.line.restaurant_id)
            for place_id in self._closing:
                # Leaving the tab changes none of a line's facts, so no version moves: a version
                # no frame announced would leave every screen holding an older one for good (found
                # by `make chaos`). The payment's frame says the lines it paid left the tab.
                await self.store.close_tab(place_id, now)
            before = Holds.of([*others, *filter(None, self._held.values())], places, orders)
            after = Holds.of(held_now(), places, orders)

        removed = list(self._removed.values())
        named = [line for line, _ in self._edits] + [m.line for m in self._moves] + [line for line, _ in removed]
        names = await self.store.place_names([line.place_id for line in named])
        numbers = await self._numbers([line.delivery_id for line in named] + [p.order.delivery_id for p in self._placed])
        placed_by = await self.store.placed_by({m.line.order_id for m in self._moves})
        add = self.store.add_event

        # 1. edits
        for (place_id, delivery_id), edits in _grouped(self._edits, lambda e: (e[0].place_id, e[0].delivery_id)).items():
            add(LinesChanged(
                restaurant_id=edits[0][0].restaurant_id, place_id=place_id, place_name=names.get(place_id, ""),
                delivery_id=delivery_id, delivery_number=numbers.get(delivery_id), edits=[edit for _, edit in edits],
            ))
        # 2. the deliveries' derived status, once their lines are written
        touched = [m.line.delivery_id for m in self._moves] + [line.delivery_id for line, _ in removed] + [
            p.order.delivery_id for p in self._placed]
        if ids := sorted({i for i in touched if i is not None}):
            await self.deliveries.keep_status(ids)
        # 3. moves
        payment = self._payment
        for (place_id, delivery_id, paid), moves in _grouped(
            self._moves, lambda m: (m.line.place_id, m.line.delivery_id, m.paid)
        ).items():
            at = payment.at if paid else now
            add(LinesStatusChanged(
                restaurant_id=moves[0].line.restaurant_id, place_id=place_id, place_name=names.get(place_id, ""),
                delivery_id=delivery_id, delivery_number=numbers.get(delivery_id),
                changes=[
                    LineStatusChange(line_id=m.line.id, dish_name=m.line.dish_name, quantity=m.line.quantity,
                                     from_status=m.before, to_status=m.line.status,
                                     line=line_facts(m.line, placed_by.get(m.line.order_id, ""), at))
                    for m in moves
                ],
                payment=PaymentNote(
                    payment_id=payment.payment_id, method=payment.method, amount=money.paid_amount([m.line for m in moves]),
                    tab_closed=place_id is not None and place_id not in left_open,
                ) if paid else None,
                occurred_at=at,
            ))
        # 4. removals
        for (place_id, delivery_id), gone in _grouped(removed, lambda r: (r[0].place_id, r[0].delivery_id)).items():
            add(LinesRemoved(
                restaurant_id=gone[0][0].restaurant_id, place_id=place_id, delivery_id=delivery_id,
                delivery_number=numbers.get(delivery_id), line_ids=[line.id for line, _ in gone],
                lines=[facts for _, facts in gone],
            ))
        # 5. what became held or free
        if before is not None and lines:
            for event in before.announce(lines[0].restaurant_id, after):
                add(event)
        # 6. the tabs that closed; 7. the tables freed
        for place_id, restaurant_id in self._closing.items():
            add(TabClosed(restaurant_id=restaurant_id, place_id=place_id))
        for place, rejected in self._freed:
            by = await self.store.placed_by({line.order_id for line in rejected})
            add(TableFreed(
                restaurant_id=place.restaurant_id, place_id=place.place_id, place_name=place.name,
                lines=[line_facts(line, by.get(line.order_id, ""), now) for line in rejected],
            ))
        # 8. the orders placed
        for p in self._placed:
            order = p.order
            add(OrderPlaced(
                restaurant_id=order.restaurant_id, order_id=order.id, placed_at=order.created_at,
                placed_by=p.placed_by or p.diner_name, first_dish_name=p.lines[0].dish_name, kind=order.kind,
                source=order.source, place_id=order.place_id, place_name=p.place_name, delivery_id=order.delivery_id,
                delivery_number=numbers.get(order.delivery_id), lines=[line_facts(row, p.placed_by, p.at) for row in p.lines],
            ))
        # 9. the caller's own
        for event in self._recorded:
            add(event)
        for line_id in self._removed:
            del self._hand[line_id]
        self._begin()
