"""Events published by the ordering service.

An order (`order_id`) is one placement: the lines a tablet, a diner's phone or a delivery sent
together. Each line is what the spec calls an 'orden' (`ordenes/{id}/`): one dish, a quantity and
a status ('1' new, '2' accepted, '3' rejected, '4' delivered, '6' paid; spec part 2 §4). Names and
prices are copied into the line when it is placed.

Catalog refuses to disable (or delete) a dish while an order holds it, without calling ordering:
ordering announces each (dish, order) pair becoming active and being released.
- `ordering.dish.activated`: an order was placed (or a line added) holding `dish_id`; the order
  is open (not yet delivered and paid, not cancelled).
- `ordering.dish.released`: that order no longer holds the dish (line removed, order finished,
  paid or cancelled).
Each pair is announced at most once per state change; consumers order them by `occurred_at`.
"""
from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict

from contracts.base import Event

OrderKind = Literal["table", "delivery", "takeaway"]
OrderSource = Literal["staff", "diner"]
LineStatus = Literal["1", "2", "3", "4", "5", "6", "7"]


class DishActivity(Event):
    restaurant_id: int
    dish_id: int
    order_id: int


class DishActivated(DishActivity):
    type = "ordering.dish.activated"


class DishReleased(DishActivity):
    type = "ordering.dish.released"


class PlaceActivity(Event):
    """Floor refuses to remove a place while it has open lines, without calling ordering.

    - `ordering.place.activated`: the place got its first open line (status 1, 2 or 4).
    - `ordering.place.released`: no open line remains (all rejected, paid or removed; table freed).
    """

    restaurant_id: int
    place_id: int


class PlaceActivated(PlaceActivity):
    type = "ordering.place.activated"


class PlaceReleased(PlaceActivity):
    type = "ordering.place.released"


class LineFacts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    line_id: int
    dish_id: int
    dish_name: str
    price: Decimal  # copied when placed
    quantity: int
    status: LineStatus
    extra_commentary: str = ""
    diner_name: str = ""  # who ordered it at a shared table (typed once on the phone)


class OrderPlaced(Event):
    """An order was taken (from a table, a delivery or the diner's menu).

    Identity counts them for the admin dashboard (total orders, last order and who placed it);
    notifications tells the restaurant's tablets (and the table's phones).
    """

    type = "ordering.order.placed"
    restaurant_id: int
    order_id: int
    placed_at: datetime
    placed_by: str = ""  # the client's username, or the diner's name for anonymous orders
    first_dish_name: str = ""
    kind: OrderKind = "table"
    source: OrderSource = "staff"
    place_id: int | None = None
    place_name: str = ""
    delivery_id: int | None = None
    lines: list[LineFacts] = []


class LineStatusChange(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    line_id: int
    dish_name: str
    quantity: int
    from_status: LineStatus
    to_status: LineStatus


class LinesStatusChanged(Event):
    """One or more lines of one place (or one delivery) moved status: one action, one event."""

    type = "ordering.line.status_changed"
    restaurant_id: int
    place_id: int | None = None
    place_name: str = ""
    delivery_id: int | None = None
    changes: list[LineStatusChange]


class LinesRemoved(Event):
    """Staff deleted lines (`DELETE ordenes/{id}/`)."""

    type = "ordering.line.removed"
    restaurant_id: int
    place_id: int | None = None
    delivery_id: int | None = None
    line_ids: list[int]


class TableFreed(Event):
    """Staff freed a table: its open lines were rejected; floor unblocks it and clears any call."""

    type = "ordering.table.freed"
    restaurant_id: int
    place_id: int
    place_name: str = ""


class TabClosed(Event):
    """A place's tab closed: staff freed the table, or a payment (or a line marked paid) left no open
    line on it. Its next diners start a new sitting: notifications shows a place's phones nothing
    from before this moment."""

    type = "ordering.tab.closed"
    restaurant_id: int
    place_id: int


PaymentMethod = Literal["cash", "debit", "credit", "online"]


class PaidLine(BaseModel):
    """Everything money needs of a paid line, copied when it was placed: no consumer asks ordering."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    line_id: int
    order_id: int
    dish_id: int
    dish_name: str
    category_name: str = ""  # the dish's category when the line was placed (statistics' group_menu)
    unit_price: Decimal
    quantity: int
    amount: Decimal  # unit_price x quantity, 2 places, half up (ordering's money module)


class PaymentRecorded(Event):
    """Lines were paid (2 or 4 -> 6) in one payment: at the counter (cash, debit, credit) or online,
    once the marketplace confirmed it. Billing writes the sale (and its commission) to the ledger and
    its statistics from this alone; the board and the diner's tab update from it."""

    type = "ordering.payment.recorded"
    payment_id: int  # ordering's payment; one event per payment
    restaurant_id: int
    place_id: int | None = None
    place_name: str = ""
    delivery_id: int | None = None
    method: PaymentMethod
    amount: Decimal  # the sum of the lines' amounts
    paid_at: datetime
    paid_by: str = ""  # the staff member's username, or '' for an online payment
    provider_payment_id: str | None = None  # the marketplace's payment id (online)
    lines: list[PaidLine]
