"""What the statistics count, with no database: each sale's lines summed per restaurant, local
day, method, category and dish. A sale counts on the restaurant's day it was paid (kit.localtime:
23:30 in Buenos Aires is that day, though the next in UTC)."""
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from contracts.ordering import PaidLine
from kit import localtime

KEY = ("restaurant_id", "day", "method", "group_menu", "dish_name")


@dataclass(frozen=True)
class SoldLines:
    """The lines one sale paid for, where, how and when."""

    restaurant_id: int
    paid_at: datetime
    method: str
    lines: Iterable[PaidLine]


def sums(sales: Iterable[SoldLines]) -> list[dict]:
    """The sales' lines as rows of the read model (`KEY`, quantity, amount), each summed once, in
    key order (two transactions adding to the same rows lock them in the same order)."""
    found: dict[tuple, list] = defaultdict(lambda: [0, Decimal("0.00")])
    for sale in sales:
        day = localtime.day_of(sale.paid_at)
        for line in sale.lines:
            row = found[(sale.restaurant_id, day, sale.method, line.category_name[:200], line.dish_name[:200])]
            row[0] += line.quantity
            row[1] += line.amount
    return [{**dict(zip(KEY, key)), "quantity": quantity, "amount": amount} for key, (quantity, amount) in sorted(found.items())]
