"""Sums over the ledger, read from its daily totals: every balance figure is one of these."""
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.filters import Period
from billing.ledger.models import DailyTotal
from billing.ledger.rules import COMMISSION_ACCRUED, COMMISSION_COLLECTED, COMMISSIONS, SALE, money


def total(*conditions: ColumnElement[bool], column: ColumnElement = DailyTotal.amount) -> ColumnElement:
    """`sum(column)` of the totals meeting `conditions` (0 when none), for a select over them."""
    return func.coalesce(func.sum(column).filter(*conditions), 0)


def owed() -> ColumnElement:
    """Commission accrued and not yet collected, over all time: the restaurant's current account."""
    return total(DailyTotal.counts_as == COMMISSION_ACCRUED) - total(DailyTotal.counts_as == COMMISSION_COLLECTED)


@dataclass(frozen=True)
class Sales:
    count: int  # sale rows (reversals included): none means nothing happened in the period
    amount: Decimal
    commission: Decimal  # accrued and retained at source, on those sales


async def sales(session: AsyncSession, restaurant_id: int, period: Period, method: str | None) -> Sales:
    filters = [DailyTotal.restaurant_id == restaurant_id, DailyTotal.counts_as.in_((SALE, *COMMISSIONS)), *period.over(DailyTotal.day)]
    if method is not None:
        filters.append(DailyTotal.method == method)
    count, amount, commission = (await session.execute(
        select(
            total(DailyTotal.counts_as == SALE, column=DailyTotal.entries),
            total(DailyTotal.counts_as == SALE),
            total(DailyTotal.counts_as.in_(COMMISSIONS)),
        ).where(*filters)
    )).one()
    return Sales(count, money(amount), money(commission))


async def owed_by(session: AsyncSession, restaurant_id: int) -> Decimal:
    amount = await session.scalar(
        select(owed()).where(
            DailyTotal.restaurant_id == restaurant_id,
            DailyTotal.counts_as.in_((COMMISSION_ACCRUED, COMMISSION_COLLECTED)),
        )
    )
    return money(amount)
