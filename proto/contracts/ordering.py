"""Events published by the ordering service.

An order (`order_id`) is one placement: the lines a tablet, a diner's phone or a delivery sent
together. Each line is what the spec calls an 'orden' (`ordenes/{id}/`): one dish, a quantity and
a status ('1' new, '2' accepted, '3' rejected, '4' delivered, '6' paid; spec part 2 §4). Names and
prices are copied into the line when it is placed.

Catalog refuses to disable (or delete) a dish while an order holds it, without calling ordering:
ordering announces each (dish, order) pair becoming active and being released, one event per order
for all the pairs of that order that changed together (a 3-line order placed or paid is one event).
- `ordering.dish.activated`: an order was placed (or a line added) holding `dish_ids`; the order
  is open (not yet delivered and paid, not cancelled).
- `ordering.dish.released`: that order no longer holds those dishes (line removed, order finished,
  paid or cancelled).
Each pair is announced at most once per state change; consumers order them by `occurred_at`.

Every change of a line announces the line's full facts (`LineFacts`): placing (`order.placed`), a
status move (`line.status_changed`), an edit of its dish, quantity, comment, place or client
(`line.changed`), removing it (`line.removed`) and freeing its table (`table.freed`). A consumer
never asks ordering what a line is or costs. Fields added to an event after it was first published
have defaults, so that events already on the bus still validate.

A delivery or take-away order's own facts (its stored status, type, number, delivery point, detail
text; whether its contact details or address changed, never what they are) are announced by
`ordering.delivery.changed`, with the SHA-256 of a diner's tracking token (`tracking_hash`).
"""
import hashlib
from datetime import datetime
from decimal import Decimal
from typing import Literal

from pydantic import AliasChoices, Field

from contracts.base import Event, Part

OrderKind = Literal["table", "delivery", "takeaway"]
OrderSource = Literal["staff", "diner"]
LineStatus = Literal["1", "2", "3", "4", "5", "6", "7"]
PaymentMethod = Literal["cash", "debit", "credit", "online"]
# A line's online payment. One definition for the events and ordering's answers: Python's typing
# caches `X | None` by equality, which ignores a Literal's order, so two spellings of it would make
# the OpenAPI document depend on which module was imported first.
PayStatus = Literal["pending", "rejected", "paid"]


class DishActivity(Event):
    restaurant_id: int
    order_id: int
    dish_ids: list[int] = Field(default_factory=list)
    # Events published before one event carried all of an order's dishes name one dish here.
    dish_id: int | None = None

    @property
    def dishes(self) -> list[int]:
        """The dishes whose (dish, order) pair this event announces."""
        return self.dish_ids or ([self.dish_id] if self.dish_id is not None else [])


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


class LineFacts(Part):
    """One order line as it stands after the change its event announces.

    The dish's name, category name and unit price are copied into the line when it is placed (or
    its dish is changed) and never follow catalog afterwards. `amount` is the line's total as
    ordering's money module defines it (unit price x quantity, 2 places, half up), the same as a
    paid line's. The fields after `diner_name` came later (issue 19): events from before lack them.
    """

    line_id: int
    dish_id: int
    dish_name: str
    # Called `price` before issue 19; that name is still read.
    unit_price: Decimal = Field(validation_alias=AliasChoices("unit_price", "price"))
    quantity: int
    status: LineStatus
    extra_commentary: str = ""
    diner_name: str = ""  # who ordered it at a shared table (typed once on the phone)
    order_id: int | None = None  # the placement it came in (its ticket)
    restaurant_id: int | None = None
    place_id: int | None = None
    delivery_id: int | None = None
    category_name: str = ""  # the dish's category when the line was placed ('' if ordering did not know it)
    amount: Decimal | None = None
    placed_by: str = ""  # the staff member's username, or the diner's name
    fk_user_client: int | None = None  # the client account it was ordered for, if any
    placed_at: datetime | None = None
    changed_at: datetime | None = None  # when the change announced was made
    version: int | None = None  # grows with every change of the line
    # The line's online payment (spec part 2 §4 'Payment'): 'pending' while a marketplace checkout
    # holds it, 'rejected' when the marketplace refused that payment (the checkout still holds it),
    # 'paid' once paid; None when no payment is under way.
    pay_status: PayStatus | None = None


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
    delivery_number: str | None = None  # the number (fk_delivery) staff and the diner know the delivery order by
    lines: list[LineFacts] = []


class LineStatusChange(Part):
    line_id: int
    dish_name: str
    quantity: int
    from_status: LineStatus
    to_status: LineStatus
    line: LineFacts | None = None  # the line's facts after the move (None in events from before issue 19)


class PaymentNote(Part):
    """The payment that moved the lines to paid (6): the screens word and show the payment from
    this, so it travels once, with the moves. `amount`: these lines' sum (a payment of several
    delivery orders is one event for each)."""

    payment_id: int
    method: PaymentMethod
    amount: Decimal
    tab_closed: bool = False  # the payment left the place no open line: the table was reset


class LinesStatusChanged(Event):
    """One or more lines of one place (or one delivery) moved status: one action, one event. A
    payment's moves name it (`payment`)."""

    type = "ordering.line.status_changed"
    restaurant_id: int
    place_id: int | None = None
    place_name: str = ""
    delivery_id: int | None = None
    delivery_number: str | None = None  # the number (fk_delivery) staff and the diner know the delivery order by
    changes: list[LineStatusChange]
    payment: PaymentNote | None = None


# "payment": an online payment started, was rejected or ended without paying (`pay_status`).
LineField = Literal["dish", "quantity", "comment", "place", "client", "payment"]


class LineEdit(Part):
    """One line's edit: which of its facts staff changed, and the line before and after."""

    fields: list[LineField]
    before: LineFacts
    line: LineFacts


class LinesChanged(Event):
    """Staff changed a line's dish, quantity, comment (only while it is new), place or client
    (`PUT ordenes/{id}/`). A new dish brings its name, category and price. A status move in the
    same request is announced apart, by `ordering.line.status_changed`."""

    type = "ordering.line.changed"
    restaurant_id: int
    place_id: int | None = None  # where the lines are now (`before` says where they were)
    place_name: str = ""
    delivery_id: int | None = None
    delivery_number: str | None = None  # the number (fk_delivery) staff and the diner know the delivery order by
    edits: list[LineEdit]


class LinesRemoved(Event):
    """Staff deleted lines (`DELETE ordenes/{id}/`)."""

    type = "ordering.line.removed"
    restaurant_id: int
    place_id: int | None = None
    delivery_id: int | None = None
    delivery_number: str | None = None  # the number (fk_delivery) staff and the diner know the delivery order by
    line_ids: list[int]
    lines: list[LineFacts] = []  # as they were when removed


class TableFreed(Event):
    """Staff freed a table: its open lines were rejected (each also in an `ordering.line.status_changed`
    staged before this), its tab closed; floor unblocks it and clears any call."""

    type = "ordering.table.freed"
    restaurant_id: int
    place_id: int
    place_name: str = ""
    lines: list[LineFacts] = []  # the lines freeing rejected, after the rejection


DeliveryField = Literal["status", "type", "contact", "address", "place", "number", "details"]


def tracking_hash(token: str) -> str:
    """`DeliveryChanged.tracking_hash` of a delivery's tracking token: ordering hashes the token it
    issues and the one a diner's page presents, notifications the one a tracking socket presents
    (sha256, hex). The token itself is never stored or announced."""
    return hashlib.sha256(token.encode()).hexdigest()


class DeliveryChanged(Event):
    """A delivery or take-away order's own facts changed: its stored status (the lowest line status
    ignoring rejected ones; placing it sets the first), its type, contact details, address, delivery
    point, number or detail text. `fields` names what changed; the rest is as it stands now. Its
    lines' changes are announced by the line events (`delivery_id` set).

    `closed_at`: when every line became final (rejected or paid; none left), else None: a diner's
    tracking link stops working a day after it. `tracking_hash`: the SHA-256 of the tracking token
    a diner's order from the menu link got (`tracking_hash()`), None for staff's orders. Contact
    details and the address never travel: no consumer needs them."""

    type = "ordering.delivery.changed"
    restaurant_id: int
    delivery_id: int
    number: str | None = None  # the six-digit number of the diner's WhatsApp message (fk_delivery)
    type_delivery: Literal[1, 2] = 1  # 1 delivery, 2 pickup
    source: OrderSource = "staff"
    status: LineStatus | None = None
    closed_at: datetime | None = None
    tracking_hash: str | None = None
    fields: list[DeliveryField]


class TabClosed(Event):
    """A place's tab closed: staff freed the table, or a payment (or a line marked paid) left no open
    line on it. Its next diners start a new sitting: notifications shows a place's phones nothing
    from before this moment."""

    type = "ordering.tab.closed"
    restaurant_id: int
    place_id: int



class PaidLine(Part):
    """Everything money needs of a paid line, copied when it was placed: no consumer asks ordering."""

    line_id: int
    order_id: int
    dish_id: int
    dish_name: str
    category_name: str = ""  # the dish's category when the line was placed (statistics' group_menu)
    unit_price: Decimal
    quantity: int
    amount: Decimal  # the line's total, as `LineFacts.amount` (ordering's money module: `line_total`)
    version: int | None = None  # the line's version once paid (the live frames name it)


class PaymentRecorded(Event):
    """Lines were paid (2 or 4 -> 6) in one payment: at the counter (cash, debit, credit) or online,
    once the marketplace confirmed it. Billing writes the sale (and its commission) to the ledger and
    its statistics from this alone; the board and the diner's tab update from it.

    A payment pays lines of one table (`place_id`) or of delivery orders (`delivery_id` when they
    are all of one; None for a 'pay all' over several). `amount` is always the sum of the lines'
    `amount`s. The lines' moves to 6 are announced as well, by `ordering.line.status_changed`,
    which names the payment (`payment`): the screens hear of the payment from that one, and this
    one is money's (billing's)."""

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
    checkout_id: int | None = None  # billing's checkout an online payment paid (`billing.checkout.approved`)
    lines: list[PaidLine]
    # The payment left no open line at its place: the table was reset and its tab closed (an
    # `ordering.tab.closed` follows in the same transaction). Always False for delivery orders.
    tab_closed: bool = False


class CheckoutRefused(Event):
    """Ordering could not pay an approved online checkout's lines (`billing.checkout.approved`): one
    was paid at the counter, rejected or removed meanwhile. Nothing was paid here; billing gives
    the diner the money back (a refund at the marketplace) and records no sale."""

    type = "ordering.checkout.refused"
    checkout_id: int
    restaurant_id: int
    reason: Literal["line_final", "line_missing"]
    line_ids: list[int]
