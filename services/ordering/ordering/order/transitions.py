"""The order-line status machine, in one table (spec part 2 §4 'Order status codes', 'Transitions').

Every status change anywhere in ordering (one line, update-all, a table's bulk buttons, freeing a
table) is checked against `TRANSITIONS`; nothing else decides what may follow what.
"""
from ordering.order.errors import IllegalTransition
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
