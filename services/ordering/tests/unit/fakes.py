"""In-memory fakes of what ordering's unit of work and its steps read and write: one `World` holds
the lines, orders, places, dishes, payments and checkouts in dicts, records the events added, the
locks in the order they were taken and the deliveries whose status was kept. `FakeStore` is
`order.work.LineStore`, `FakeDeliveries` `order.work.Deliveries`, `FakePayments`
`payment.service.Payments`. Like one session's identity map, every read answers the stored objects
themselves: what a step changes on a line it read is what the world holds."""
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from itertools import count

from contracts import Event
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.errors import NotFound
from kit.testing.unit import answer_of
from kit.tokens import Principal
from ordering.delivery.status import kept
from ordering.order.models import Order, OrderLine
from ordering.order.statuses import OPEN
from ordering.order.work import LineWork, OpenLine
from ordering.payment.models import Payment
from ordering.payment.repository import ENDED
from ordering.projections.models import DishFacts, PlaceFacts

A, B = 10, 20  # restaurants
NOW = datetime(2026, 11, 25, 21, 30, tzinfo=UTC)


def person(user_id: int, group: int) -> Principal:
    return Principal(user_id=user_id, username=f"user{user_id}@example.com", groups=(group,), token_id="t",
                     issued_at=0, expires_at=0)


OWNER_A, OPERATOR_A, OWNER_B, AN_ADMIN = person(1, OWNER), person(2, OPERATOR), person(3, OWNER), person(9, ADMIN)


class Clock:
    """A clock that moves only when told (or a microsecond per reading, so moments keep their order)."""

    def __init__(self, at: datetime = NOW):
        self.at = at

    def __call__(self) -> datetime:
        self.at += timedelta(microseconds=1)
        return self.at


@dataclass
class World:
    lines: dict[int, OrderLine] = field(default_factory=dict)
    orders: dict[int, Order] = field(default_factory=dict)
    places: dict[int, PlaceFacts] = field(default_factory=dict)
    dishes: dict[int, DishFacts] = field(default_factory=dict)
    categories: dict[int, str] = field(default_factory=dict)
    members: dict[int, set[int]] = field(default_factory=lambda: {1: {A}, 2: {A}, 3: {B}})
    payments: dict[int, Payment] = field(default_factory=dict)
    checkouts: dict[int, tuple[str, datetime]] = field(default_factory=dict)
    delivery_numbers: dict[int, str] = field(default_factory=dict)
    delivery_status: dict[int, tuple[str | None, datetime | None]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    locks: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    kept: list[list[int]] = field(default_factory=list)  # the deliveries whose status each work kept
    counted: list[tuple[str, Decimal]] = field(default_factory=list)  # payments counted for the metrics
    stale: set[int] = field(default_factory=set)  # lines another writer changed since they were read
    ids: count = field(default_factory=lambda: count(1))
    clock: Clock = field(default_factory=Clock)

    # --- the world's facts --------------------------------------------------------------------

    def place(self, place_id: int, restaurant_id: int = A, name: str | None = None, menu_id: int = 100,
              admin: bool = True) -> PlaceFacts:
        self.places[place_id] = PlaceFacts(place_id=place_id, restaurant_id=restaurant_id, name=name or f"M{place_id}",
                                           kind="mesa", menu_id=menu_id, admin=admin, token_hash="", deleted=False)
        return self.places[place_id]

    def dish(self, dish_id: int, price: str = "100.00", restaurant_id: int = A, menu_id: int = 100, name: str | None = None,
             category_id: int = 1, disable: bool = False, deleted: bool = False) -> DishFacts:
        self.dishes[dish_id] = DishFacts(dish_id=dish_id, restaurant_id=restaurant_id, menu_id=menu_id, category_id=category_id,
                                         name=name or f"Plato {dish_id}", price=Decimal(price), disable=disable, deleted=deleted)
        return self.dishes[dish_id]

    def order(self, place_id: int | None = None, restaurant_id: int = A, placed_by: str = "mozo@example.com",
              delivery_id: int | None = None) -> Order:
        order = Order(id=next(self.ids), restaurant_id=restaurant_id, place_id=place_id, delivery_id=delivery_id,
                      kind="table" if delivery_id is None else "delivery", source="staff", placed_by=placed_by,
                      idempotency_key=None, created_at=NOW)
        self.orders[order.id] = order
        return order

    def line(self, order: Order, dish_id: int = 1, status: str = "1", quantity: int = 1, price: str | None = None,
             **fields) -> OrderLine:
        dish = self.dishes.get(dish_id)
        line = OrderLine(
            id=next(self.ids), order_id=order.id, restaurant_id=order.restaurant_id, place_id=order.place_id,
            delivery_id=order.delivery_id, dish_id=dish_id, dish_name=dish.name if dish else f"Plato {dish_id}",
            category_name="", price=Decimal(price) if price else (dish.price if dish else Decimal("100.00")),
            quantity=quantity, status=status, extra_commentary="", diner_name="", fk_user_client=None, version=1,
            created_at=NOW, closed_at=None, payment_id=None, pay_status=None, pay_method=None, checkout_id=None,
            commission=None,
        )
        for name, value in fields.items():
            setattr(line, name, value)
        self.lines[line.id] = line
        return line

    # --- what was announced ---------------------------------------------------------------------

    def announced(self, *types: type[Event]) -> list[Event]:
        return [event for event in self.events if not types or isinstance(event, types)]

    def kinds(self) -> list[str]:
        return [type(event).__name__ for event in self.events]

    def work(self) -> LineWork:
        return LineWork(FakeStore(self), FakeDeliveries(self), self.clock)

    async def run(self, step, *args, **kwargs):
        """`step(work, *args, **kwargs)` in a unit of work of its own, written on its clean exit
        as a request's is (`order.dependencies.line_work`)."""
        async with self.work() as work:
            return await step(work, *args, **kwargs)

    def sees(self, principal: Principal, restaurant_id: int) -> bool:
        return principal.in_group(ADMIN) or restaurant_id in self.members.get(principal.user_id, set())


class FakeStore:
    """`order.work.LineStore` over a `World`."""

    def __init__(self, world: World):
        self.world = world

    def _sorted(self, lines: Iterable[OrderLine]) -> list[OrderLine]:
        return sorted(lines, key=lambda line: line.id)

    def add_event(self, event: Event) -> None:
        self.world.events.append(event)

    async def lock_places(self, place_ids: list[int]) -> None:
        self.world.locks.append(("places", tuple(place_ids)))

    async def lock_orders(self, order_ids: list[int]) -> None:
        self.world.locks.append(("orders", tuple(order_ids)))

    async def readable_line(self, principal: Principal, line_id: int) -> OrderLine | None:
        line = self.world.lines.get(line_id)
        return line if line is not None and self.world.sees(principal, line.restaurant_id) else None

    async def readable_lines(self, principal: Principal, line_ids: Iterable[int]) -> list[OrderLine]:
        ids = set(line_ids)
        return self._sorted(l for l in self.world.lines.values() if l.id in ids and self.world.sees(principal, l.restaurant_id))

    async def lines_by_ids(self, principal: Principal, restaurant_id: int, line_ids: Iterable[int]) -> list[OrderLine]:
        return [line for line in await self.readable_lines(principal, line_ids) if line.restaurant_id == restaurant_id]

    async def lines_of_restaurant(self, restaurant_id: int, line_ids: Iterable[int], *, lock: bool = False) -> list[OrderLine]:
        ids = set(line_ids)
        found = self._sorted(l for l in self.world.lines.values() if l.id in ids and l.restaurant_id == restaurant_id)
        if lock:
            self.world.locks.append(("lines", tuple(line.id for line in found)))
        return found

    async def tab_orders(self, place_id: int) -> list[int]:
        return sorted({l.order_id for l in self.world.lines.values() if l.place_id == place_id and l.closed_at is None})

    async def tab_lines(self, place_ids: Iterable[int], *, lock: bool = False) -> list[OrderLine]:
        places = set(place_ids)
        found = self._sorted(l for l in self.world.lines.values() if l.place_id in places and l.closed_at is None)
        if lock:
            self.world.locks.append(("lines", tuple(line.id for line in found)))
        return found

    async def open_lines(self, place_ids: Iterable[int], order_ids: Iterable[int], besides: Iterable[int]) -> list[OpenLine]:
        places, orders, excluded = set(place_ids), set(order_ids), set(besides)
        return [
            OpenLine(l.id, l.place_id, l.order_id, l.dish_id) for l in self._sorted(self.world.lines.values())
            if (l.place_id in places or l.order_id in orders) and l.status in OPEN and l.closed_at is None
            and l.id not in excluded
        ]

    async def open_of_deliveries(self, delivery_ids: Iterable[int], besides: Iterable[int]) -> int:
        ids, excluded = set(delivery_ids), set(besides)
        return sum(1 for l in self.world.lines.values() if l.delivery_id in ids and l.status in OPEN and l.id not in excluded)

    async def placed_by(self, order_ids: Iterable[int]) -> dict[int, str]:
        return {i: self.world.orders[i].placed_by for i in order_ids if i in self.world.orders}

    async def write_line(self, line: OrderLine, read_version: int, values: dict) -> bool:
        if line.id in self.world.stale or line.version != read_version:
            return False
        for name, value in values.items():
            setattr(line, name, value)
        line.version = read_version + 1
        return True

    async def delete_line(self, line: OrderLine) -> bool:
        if line.id in self.world.stale:
            return False
        del self.world.lines[line.id]
        return True

    async def close_tab(self, place_id: int, at: datetime) -> None:
        for line in self.world.lines.values():
            if line.place_id == place_id and line.closed_at is None:
                line.closed_at = at

    async def add_order(self, values: dict) -> Order | None:
        key = values.get("idempotency_key")
        if key is not None and any(o.place_id == values["place_id"] and o.idempotency_key == key for o in self.world.orders.values()):
            return None
        order = Order(id=next(self.world.ids), **values)
        self.world.orders[order.id] = order
        return order

    async def order_by_key(self, place_id: int | None, key: str | None) -> Order | None:
        return next((o for o in self.world.orders.values() if o.place_id == place_id and o.idempotency_key == key), None)

    async def lines_of_order(self, order_id: int) -> list[OrderLine]:
        return self._sorted(l for l in self.world.lines.values() if l.order_id == order_id)

    async def add_lines(self, rows: list[dict]) -> list[OrderLine]:
        added = []
        for row in rows:
            line = OrderLine(id=next(self.world.ids), closed_at=None, payment_id=None, pay_status=None, pay_method=None,
                             checkout_id=None, commission=None, **row)
            self.world.lines[line.id] = line
            added.append(line)
        return added

    async def place(self, place_id: int) -> PlaceFacts | None:
        place = self.world.places.get(place_id)
        return None if place is None or place.deleted else place

    async def place_names(self, place_ids: Iterable[int | None]) -> dict[int, str]:
        return {i: self.world.places[i].name for i in place_ids if i in self.world.places}

    async def dishes(self, dish_ids: Iterable[int]) -> dict[int, DishFacts]:
        return {i: self.world.dishes[i] for i in dish_ids if i in self.world.dishes}

    async def category_names(self, category_ids: Iterable[int]) -> dict[int, str]:
        return {i: self.world.categories[i] for i in category_ids if i in self.world.categories}

    async def ensure_access(self, principal: Principal, restaurant_id: int) -> None:
        if not self.world.sees(principal, restaurant_id):
            raise NotFound()


class FakeDeliveries:
    """`order.work.Deliveries` over a `World`: a delivery's status kept by the delivery module's own rule."""

    def __init__(self, world: World):
        self.world = world

    async def keep_status(self, delivery_ids: list[int]) -> None:
        self.world.kept.append(list(delivery_ids))
        for delivery_id in delivery_ids:
            statuses = [l.status for l in self.world.lines.values() if l.delivery_id == delivery_id]
            _, closed_at = self.world.delivery_status.get(delivery_id, (None, None))
            self.world.delivery_status[delivery_id] = kept(statuses, closed_at, self.world.clock())

    async def numbers(self, delivery_ids: list[int]) -> dict[int, str]:
        return {i: self.world.delivery_numbers[i] for i in delivery_ids if i in self.world.delivery_numbers}


class FakePayments:
    """`payment.service.Payments` over a `World`."""

    def __init__(self, world: World):
        self.world = world

    async def by_key(self, key_hash: str) -> Payment | None:
        return next((p for p in self.world.payments.values() if p.idempotency_key == key_hash), None)

    async def lines_of(self, principal: Principal, payment_id: int) -> list[OrderLine]:
        return sorted((l for l in self.world.lines.values() if l.payment_id == payment_id and self.world.sees(principal, l.restaurant_id)),
                      key=lambda line: line.id)

    async def record(self, values: dict) -> int | None:
        for payment in self.world.payments.values():
            if values.get("idempotency_key") is not None and payment.idempotency_key == values["idempotency_key"]:
                return None
            if values.get("checkout_id") is not None and payment.checkout_id == values["checkout_id"]:
                return None
        payment = Payment(id=next(self.world.ids), **values)
        self.world.payments[payment.id] = payment
        return payment.id

    def count(self, method: str, amount: Decimal) -> None:
        self.world.counted.append((method, amount))

    async def newest_checkout(self, checkout_id: int, restaurant_id: int, state: str, occurred_at: datetime) -> bool:
        known = self.world.checkouts.get(checkout_id)
        if known is not None and (known[0] in ENDED or known[1] > occurred_at):
            return False
        self.world.checkouts[checkout_id] = (state, occurred_at)
        return True



def said(error, lang: str = "es"):
    """An error's body as the answer renders it, in `lang`."""
    return answer_of(error, lang)
