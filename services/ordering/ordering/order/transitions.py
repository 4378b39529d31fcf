"""The order-line status machine, in one table (spec part 2 §4 'Order status codes', 'Transitions').

Every status change anywhere in ordering (one line, update-all, a table's bulk buttons, freeing a
table) is checked against `TRANSITIONS`; nothing else decides what may follow what.
"""
from ordering.order.errors import IllegalTransition

NEW, ACCEPTED, REJECTED, DELIVERED, CLOSING, PAID, ON_THE_WAY = "1", "2", "3", "4", "5", "6", "7"
STATUSES = (NEW, ACCEPTED, REJECTED, DELIVERED, CLOSING, PAID, ON_THE_WAY)

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

# A line in one of these is open: it holds its dish and its place (contracts.ordering).
OPEN = (NEW, ACCEPTED, DELIVERED)
# Active for the report: anything but rejected or paid (spec part 2 §5).
INACTIVE = (REJECTED, PAID)


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
