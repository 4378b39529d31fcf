"""Placing an order (spec part 2 §2, §3): a diner's from the table's QR (`diner`), staff's for
tables, and a delivery's lines (`delivery`), all through `place_order`. Names, category names and
prices are copied from catalog's dishes (ordering's projection) when the order is placed, each line
starts new (1), and the unit of work announces the order, the table and the dishes it holds."""
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from contracts.ordering import OrderKind
from kit.errors import FieldErrors
from kit.tokens import Principal
from ordering import messages
from ordering.order.errors import AddOrderDisabled, DishNotInMenu, DishUnavailable, DishUnknown, PlaceNotFound, TooManyLines
from ordering.order.models import Order, OrderLine
from ordering.order.work import LineStore, LineWork
from ordering.projections.models import DishFacts, PlaceFacts
from ordering.settings import Settings


@dataclass(frozen=True)
class NewLine:
    dish_id: int
    quantity: int
    extra_commentary: str = ""
    fk_user_client: int | None = None


def check_caps(settings: Settings, lines: Sequence[NewLine]) -> None:
    """An order holds at least one line and at most `max_lines_per_order`, each of at most
    `max_quantity_per_line`."""
    if not lines:
        raise FieldErrors({"ordenes": [messages.ORDER_EMPTY]})
    if len(lines) > settings.max_lines_per_order:
        raise TooManyLines(settings.max_lines_per_order)
    for line in lines:
        if line.quantity > settings.max_quantity_per_line:
            raise FieldErrors({"quantity": [
                messages.TOO_MANY_QUANTITY.format(max_quantity=settings.max_quantity_per_line)
            ]})


def orderable(dish: DishFacts | None, restaurant_id: int, place: PlaceFacts | None) -> DishFacts:
    """The dish, if this restaurant's and orderable now, on the place's menu."""
    if dish is None or dish.restaurant_id != restaurant_id:
        raise DishUnknown()
    if not dish.orderable:
        raise DishUnavailable(dish.name or str(dish.dish_id))
    if place is not None and dish.menu_id != place.menu_id:
        raise DishNotInMenu()
    return dish


async def dish_columns(store: LineStore, dish: DishFacts) -> dict:
    """What a line copies of its dish when placed (or when its dish is changed)."""
    category = (await store.category_names([dish.category_id])).get(dish.category_id, "")
    return dict(dish_id=dish.dish_id, dish_name=dish.name, category_name=category, price=dish.price)


async def place_order(
    work: LineWork,
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
    dishes = await work.store.dishes([line.dish_id for line in lines])
    checked = [orderable(dishes.get(line.dish_id), restaurant_id, place) for line in lines]
    if menu_id is not None and any(dish.menu_id != menu_id for dish in checked):
        raise DishNotInMenu()
    categories = await work.store.category_names([dish.category_id for dish in checked])
    return await work.place(
        restaurant_id=restaurant_id, place=place, delivery_id=delivery_id, kind=kind, source=source,
        placed_by=placed_by, diner_name=diner_name, idempotency_key=idempotency_key, now=now or datetime.now(UTC),
        lines=[dict(
            dish_id=dish.dish_id, dish_name=dish.name, category_name=categories.get(dish.category_id, ""),
            price=dish.price, quantity=line.quantity, extra_commentary=line.extra_commentary,
            fk_user_client=line.fk_user_client,
        ) for line, dish in zip(lines, checked)],
    )


async def staff_place(
    work: LineWork, settings: Settings, principal: Principal, restaurant_id: int, data, now: datetime | None = None
) -> list[OrderLine]:
    """Staff add orders for tables (spec part 2 §2): one order per place named in the lines."""
    await work.store.ensure_access(principal, restaurant_id)
    if not data.ordenes:
        raise FieldErrors({"ordenes": [messages.ORDER_EMPTY]})
    by_place: dict[int, list[NewLine]] = defaultdict(list)
    for line in data.ordenes:
        by_place[line.fk_sit].append(NewLine(line.fk_dish, line.quantity, line.extra_commentary, line.fk_user_client))
    places = {place_id: await staff_place_of(work.store, place_id, restaurant_id) for place_id in by_place}
    await work.lock(places)  # all of them first, in id order
    placed: list[OrderLine] = []
    for place_id, lines in by_place.items():
        place = places[place_id]
        _, rows, _ = await place_order(
            work, settings, restaurant_id=restaurant_id, place=place, lines=lines, source="staff",
            placed_by=principal.username, now=now,
        )
        placed.extend(rows)
    return placed


async def staff_place_of(store: LineStore, place_id: int, restaurant_id: int) -> PlaceFacts:
    """A place of the restaurant that takes staff's orders and comments (its admin switch)."""
    place = await store.place(place_id)
    if place is None or place.restaurant_id != restaurant_id:  # another's place looks missing
        raise PlaceNotFound()
    if not place.admin:
        raise AddOrderDisabled()
    return place
