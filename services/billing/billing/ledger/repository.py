"""Every query of the ledger: its rows written (with their daily totals and a sale's lines) and the
sums over its daily totals that every balance figure is one of."""
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import ColumnElement, Row, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from billing.filters import Period
from billing.ledger.models import DailyTotal, LedgerEntry, SaleLine
from billing.ledger.rules import COMMISSION_ACCRUED, COMMISSION_COLLECTED, COMMISSIONS, SALE, TOTAL_KEY, money

LEDGER = LedgerEntry.__table__


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


class LedgerRepository:
    def __init__(self, session: AsyncSession):
        self.session = session

    # ---------------------------------------------------------------- writing
    async def insert(self, rows: Sequence[dict]) -> list[Row]:
        """Insert ledger rows, skipping any a unique key already holds (an event or payment written
        before, a collection's Idempotency-Key); answers the written ones (`id`, `event_id`,
        `owed_after` and what their daily totals need)."""
        return list((await self.session.execute(
            insert(LEDGER).on_conflict_do_nothing().returning(
                LEDGER.c.id, LEDGER.c.event_id, LEDGER.c.owed_after, *(LEDGER.c[name] for name in TOTAL_KEY),
                LEDGER.c.amount, LEDGER.c.line_count,
            ),
            list(rows),
        )).all())

    async def add_to_totals(self, totals: Sequence[dict]) -> None:
        """Add to the daily totals (rows of `TOTAL_KEY`, amount, line_count, entries), in the order
        given: concurrent writers lock the same rows in the same order (no deadlock)."""
        if not totals:
            return
        table = DailyTotal.__table__
        statement = insert(table)
        statement = statement.on_conflict_do_update(index_elements=list(TOTAL_KEY), set_={
            name: table.c[name] + statement.excluded[name] for name in ("amount", "line_count", "entries")
        })
        await self.session.execute(statement, list(totals))

    async def add_sale_lines(self, lines: Sequence[dict]) -> None:
        if lines:
            await self.session.execute(insert(SaleLine.__table__), list(lines))

    # ---------------------------------------------------------------- reading rows
    async def entry(self, entry_id: int) -> LedgerEntry | None:
        return await self.session.get(LedgerEntry, entry_id)

    async def sale_of(self, payment_id: int) -> int | None:
        """The sale row of ordering's payment, if recorded."""
        return await self.session.scalar(select(LEDGER.c.id).where(LEDGER.c.kind == SALE, LEDGER.c.payment_id == payment_id))

    async def collection(self, key: str) -> LedgerEntry | None:
        """The collection an Idempotency-Key recorded, if any."""
        return await self.session.scalar(select(LedgerEntry).where(LedgerEntry.idempotency_key == key))

    # ---------------------------------------------------------------- sums over the daily totals
    async def sales(self, restaurant_id: int, period: Period, method: str | None) -> Sales:
        filters = [DailyTotal.restaurant_id == restaurant_id, DailyTotal.counts_as.in_((SALE, *COMMISSIONS)),
                   *period.over(DailyTotal.day)]
        if method is not None:
            filters.append(DailyTotal.method == method)
        count, amount, commission = (await self.session.execute(
            select(
                total(DailyTotal.counts_as == SALE, column=DailyTotal.entries),
                total(DailyTotal.counts_as == SALE),
                total(DailyTotal.counts_as.in_(COMMISSIONS)),
            ).where(*filters)
        )).one()
        return Sales(count, money(amount), money(commission))

    async def owed_by(self, restaurant_id: int) -> Decimal:
        amount = await self.session.scalar(
            select(owed()).where(
                DailyTotal.restaurant_id == restaurant_id,
                DailyTotal.counts_as.in_((COMMISSION_ACCRUED, COMMISSION_COLLECTED)),
            )
        )
        return money(amount)
