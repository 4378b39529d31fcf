"""The order-line status machine, in one table (spec part 2 §4 'Order status codes', 'Transitions').

Every status change anywhere in ordering (one line, update-all, a table's bulk buttons, freeing a
table) is checked against `TRANSITIONS`; nothing else decides what may follow what.
"""
from typing import Protocol

from kit.errors import DetailError
from ordering.order.errors import (
    CashNotRejectable, IllegalTransition, OnlinePaymentPending, PaidLineUndeletable, PaidOnlyByPayment,
)
from ordering.order.statuses import ACCEPTED, DELIVERED, NEW, PAID, REJECTED

# (from, to) -> the action that makes it. Anything not here is refused.
TRANSITIONS: dict[tuple[str, str], str] = {
    (NEW, ACCEPTED): "accept",
    (ACCEPTED, DELIVERED): "deliver",
    (NEW, REJECTED): "reject",  # with confirmation, on the screen
    (ACCEPTED, REJECTED): "reject",  # delivered orders cannot be rejected
    (ACCEPTED, PAID): "pay",  # a cash payment
    (DELIVERED, PAID): "pay",
}

# A table's bulk buttons: which lines each one moves, and where to (spec part 2 §4). Freeing a
# table rejects like 'reject all'.
BULK: dict[str, tuple[tuple[str, ...], str]] = {
    "accept": ((NEW,), ACCEPTED),
    "deliver": ((ACCEPTED,), DELIVERED),
    "reject": ((NEW, ACCEPTED), REJECTED),
}

# The delivery screen's bulk update (spec part 2 §4 'Delivery bulk update'): which lines a target
# applies to. The spec's check for 3 is faulty; its intended reading is taken: 1 or 2. Any other
# target applies to lines at 0, a status no line has: it moves nothing. The lines it does not
# apply to are left as they are; those it applies to still pass `check`.
DELIVERY_BULK: dict[str, tuple[str, ...]] = {
    ACCEPTED: (NEW,),
    DELIVERED: (ACCEPTED,),
    REJECTED: (NEW, ACCEPTED),
}


def delivery_bulk_applies(from_status: str, to_status: str) -> bool:
    return from_status in DELIVERY_BULK.get(to_status, ("0",))


def payable(status: str, pay_status: str | None = None) -> bool:
    """Whether a payment may pay a line at `status`: the table moves it to paid (accepted or
    delivered) and no payment paid it. Billing and the screens read it from the lines' `payable`,
    never from a copy."""
    return TRANSITIONS.get((status, PAID)) == "pay" and pay_status != "paid"


def check(from_status: str, to_status: str) -> str:
    """The action moving a line from `from_status` to `to_status`; refused unless the table has it."""
    action = TRANSITIONS.get((from_status, to_status))
    if action is None:
        raise IllegalTransition(from_status, to_status)
    return action


class Line(Protocol):
    """A line as its moves' rules read it (an order line)."""

    id: int
    status: str
    pay_method: str | None

    @property
    def held_online(self) -> bool: ...


def refusal(
    status: str, to_status: str, *, cash: bool = False, held_online: bool = False, by_payment: bool = False,
    line_id: int = 0,
) -> DetailError | None:
    """Why a line at `status` may not move to `to_status` now, or None: the table, and the rules it
    cannot see from statuses alone. A line paid in cash is never rejected, nor one an online
    payment holds (staff cancel that payment first), and only a payment pays (`by_payment`: the
    unit of work's `pay`)."""
    if to_status == REJECTED and cash:
        return CashNotRejectable()
    if to_status == REJECTED and held_online:
        return OnlinePaymentPending([line_id])
    action = TRANSITIONS.get((status, to_status))
    if action is None:
        return IllegalTransition(status, to_status)
    if action == "pay" and not by_payment:
        return PaidOnlyByPayment()
    return None


def check_move(line: Line, to_status: str, *, by_payment: bool = False) -> None:
    """Refuse a move of `line` the rules do not allow (`refusal`)."""
    refused = refusal(line.status, to_status, cash=line.pay_method == "cash", held_online=line.held_online,
                      by_payment=by_payment, line_id=line.id)
    if refused is not None:
        raise refused


def check_removable(line: Line) -> None:
    """A paid line stays (it is its payment's record), and one an online payment holds is removed
    only once that payment ends."""
    if line.status == PAID:
        raise PaidLineUndeletable()
    if line.held_online:
        raise OnlinePaymentPending([line.id])


def display_status(statuses: list[str]) -> str | None:
    """A table's colour on the board (spec part 2 §4 'Table display status').

    All its orders share a status: that one. Otherwise the lowest, ignoring rejected ones when
    others exist. No orders: free (None).
    """
    distinct = set(statuses)
    if not distinct:
        return None
    if len(distinct) == 1:
        return distinct.pop()
    return min(distinct - {REJECTED})
