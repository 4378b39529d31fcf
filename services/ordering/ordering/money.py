"""Money over order lines, defined once: `Decimal`, two places, rounded half up (1.005 -> 1.01).

Every total ordering shows or announces comes from here: a line's (`line_total`, also the
`amount` of its events' facts and of a paid line), a table's tab, a ticket, a report section and
what a delivery's cash must cover (`tab_total`), a delivery's `total_amount` as the spec defines it
(`delivery_total_amount`), what a payment charges for its lines (`paid_amount`, its event's
`amount`). It imports nothing but the status codes, so the PDF render process loads it for nothing.
"""
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol

from ordering.order.statuses import NEW, PAID, REJECTED

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


class Priced(Protocol):
    """A line as money sees it: an order line, a ticket's line."""

    price: Decimal  # the unit price copied when the line was placed
    quantity: int
    status: str


def rounded(amount: Decimal | int | str) -> Decimal:
    """Two places, half up (a float is refused: it is not an amount)."""
    if isinstance(amount, float):
        raise TypeError("amounts are Decimal, never float")
    return Decimal(amount).quantize(CENT, rounding=ROUND_HALF_UP)


def line_total(unit_price: Decimal, quantity: int) -> Decimal:
    """What a line costs: its unit price times its quantity, then rounded."""
    if isinstance(unit_price, float):
        raise TypeError("amounts are Decimal, never float")
    return rounded(Decimal(unit_price) * quantity)


def line_charge(line: Priced) -> Decimal:
    """What a line adds to a tab or a ticket: its total, or nothing once rejected."""
    return ZERO if line.status == REJECTED else line_total(line.price, line.quantity)


def tab_total(lines: Iterable[Priced]) -> Decimal:
    """Every line but the rejected ones: a table's tab, a ticket, a report section, and what a
    delivery's cash must cover (its `order_total`)."""
    return sum((line_charge(line) for line in lines), ZERO)


def delivery_total_amount(lines: Iterable[Priced]) -> Decimal:
    """A delivery's `total_amount` as the spec defines it: price times quantity of its lines,
    leaving out those new (1), rejected (3) or paid (6)."""
    return sum((line_total(l.price, l.quantity) for l in lines if l.status not in (NEW, REJECTED, PAID)), ZERO)


def paid_amount(lines: Iterable[Priced]) -> Decimal:
    """What a payment charges for its lines: the sum of their totals, so its event's `amount` is
    always the sum of its lines' `amount`s (billing refuses anything else)."""
    return sum((line_total(line.price, line.quantity) for line in lines), ZERO)
