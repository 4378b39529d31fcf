"""Every query of the statistics read model: counting sold lines in, and reading one restaurant's
rows out."""
from collections.abc import Sequence
from decimal import Decimal

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from billing.filters import Period
from billing.statistics.models import DailySales
from billing.statistics.rules import KEY


def sold(restaurant_id: int, period: Period, method: str | None) -> Select:
    """One row per (group_menu, dish_name) the restaurant sold in the period, most sold first."""
    quantity, amount = func.sum(DailySales.quantity), func.sum(DailySales.amount)
    return (
        select(DailySales.group_menu, DailySales.dish_name, quantity.label("quantity"), amount.label("amount"))
        .where(*_filters(restaurant_id, period, method))
        .group_by(DailySales.group_menu, DailySales.dish_name)
        .order_by(quantity.desc(), DailySales.group_menu, DailySales.dish_name)
    )


def _filters(restaurant_id: int, period: Period, method: str | None) -> list[ColumnElement[bool]]:
    filters = [DailySales.restaurant_id == restaurant_id, *period.over(DailySales.day)]
    if method is not None:
        filters.append(DailySales.method == method)
    return filters


class StatisticsRepository:
    def __init__(self, session: AsyncSession):
        self.session = session

    async def add(self, rows: Sequence[dict]) -> None:
        """Add rows (`rules.sums`) to the running sums, in the order given."""
        if not rows:
            return
        table = DailySales.__table__
        statement = insert(table)
        statement = statement.on_conflict_do_update(
            index_elements=list(KEY),
            set_={"quantity": table.c.quantity + statement.excluded.quantity, "amount": table.c.amount + statement.excluded.amount},
        )
        await self.session.execute(statement, list(rows))

    async def page(self, restaurant_id: int, period: Period, method: str | None, offset: int, limit: int) -> list[tuple]:
        """(group_menu, dish_name, quantity, amount) rows of `sold`, from `offset`, at most `limit`."""
        return [tuple(row) for row in await self.session.execute(sold(restaurant_id, period, method).offset(offset).limit(limit))]

    async def summary(self, restaurant_id: int, period: Period, method: str | None) -> tuple[int, Decimal]:
        """How many rows `sold` has, and their amount: one statement (the page is the other)."""
        rows = sold(restaurant_id, period, method).order_by(None).subquery()
        count, amount = (await self.session.execute(select(func.count(), func.coalesce(func.sum(rows.c.amount), 0)))).one()
        return count, amount
