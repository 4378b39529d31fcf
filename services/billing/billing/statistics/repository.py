"""The statistics read model: counting sold lines in, and reading one restaurant's rows out."""
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from billing.filters import Period
from billing.statistics.models import DailySales
from contracts.ordering import PaidLine

KEY = ("restaurant_id", "day", "method", "group_menu", "dish_name")


@dataclass(frozen=True)
class SoldLines:
    """The lines one sale paid for, where and when they count."""

    restaurant_id: int
    day: date
    method: str
    lines: Iterable[PaidLine]


async def count_sold(session: AsyncSession, sales: Iterable[SoldLines]) -> None:
    """Add the sales' lines to the running sums. Summed per row first and written in key order, so
    two transactions adding to the same rows lock them in the same order (no deadlock)."""
    sums: dict[tuple, list] = defaultdict(lambda: [0, Decimal("0.00")])
    for sale in sales:
        for line in sale.lines:
            row = sums[(sale.restaurant_id, sale.day, sale.method, line.category_name[:200], line.dish_name[:200])]
            row[0] += line.quantity
            row[1] += line.amount
    if not sums:
        return
    table = DailySales.__table__
    statement = insert(table)
    statement = statement.on_conflict_do_update(
        index_elements=list(KEY),
        set_={"quantity": table.c.quantity + statement.excluded.quantity, "amount": table.c.amount + statement.excluded.amount},
    )
    await session.execute(
        statement, [{**dict(zip(KEY, key)), "quantity": quantity, "amount": amount} for key, (quantity, amount) in sorted(sums.items())]
    )


def sold(restaurant_id: int, period: Period, method: str | None) -> Select:
    """One row per (group_menu, dish_name) the restaurant sold in the period, most sold first."""
    quantity, amount = func.sum(DailySales.quantity), func.sum(DailySales.amount)
    return (
        select(DailySales.group_menu, DailySales.dish_name, quantity.label("quantity"), amount.label("amount"))
        .where(*_filters(restaurant_id, period, method))
        .group_by(DailySales.group_menu, DailySales.dish_name)
        .order_by(quantity.desc(), DailySales.group_menu, DailySales.dish_name)
    )


async def summary(session: AsyncSession, restaurant_id: int, period: Period, method: str | None) -> tuple[int, Decimal]:
    """How many rows `sold` has, and their amount: one statement (the page is the other)."""
    rows = sold(restaurant_id, period, method).order_by(None).subquery()
    count, amount = (await session.execute(select(func.count(), func.coalesce(func.sum(rows.c.amount), 0)))).one()
    return count, amount


def _filters(restaurant_id: int, period: Period, method: str | None) -> list[ColumnElement[bool]]:
    filters = [DailySales.restaurant_id == restaurant_id, *period.over(DailySales.day)]
    if method is not None:
        filters.append(DailySales.method == method)
    return filters
