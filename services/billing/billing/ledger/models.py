"""The ledger: every movement of money, one row each, append-only.

Rows are only ever inserted: the database refuses UPDATE and DELETE on these tables (a trigger,
migration 0003), and a correction is a `reversal` row that cancels an earlier one. A row written
from an event is unique per (event, kind), and a payment is a sale at most once, so a redelivered
or republished event can never count twice, whatever path it takes.

`counts_as` is the kind a row's amount adds to: its own kind, for a reversal the reversed row's
kind (with the amount negated), for a refund what it gives back (the sale, the tip, the commission). Every figure is `sum(amount)` over one `counts_as`, so reversals
need no joins. `day` is the restaurant's local day of `occurred_at` (statistics and date filters);
a commission row copies its sale's method and moment, so a method filter applies to it alike.

`DailyTotal` is the ledger summed per restaurant, kind, day and method, added to in the same
statement batch as every row (`ledger.service.append`): balances and the admin's fee table read a
few thousand of these instead of the whole history, and always agree with the rows.
"""
import uuid
from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger, CheckConstraint, Date, DateTime, ForeignKey, Identity, Index, Integer, Numeric, String, text,
)
from sqlalchemy.dialects.postgresql import UUID
from sqlalchemy.orm import Mapped, mapped_column

from billing.ledger.rules import KINDS
from kit.db import Base

KIND_LIST = ", ".join(f"'{kind}'" for kind in KINDS)
Money = Numeric(12, 2)


class LedgerEntry(Base):
    __tablename__ = "ledger_entry"
    __table_args__ = (
        CheckConstraint(f"kind IN ({KIND_LIST}) AND counts_as IN ({KIND_LIST}) AND counts_as <> 'reversal'", name="kind"),
        CheckConstraint(
            "(kind = 'reversal') = (reverses_id IS NOT NULL) AND (kind IN ('reversal', 'refund') OR counts_as = kind) "
            "AND counts_as <> 'refund'", name="reversal"
        ),
        # one row per (event, kind): an event is written once whatever path it takes
        Index("uq_ledger_entry_event_id_kind", "event_id", "kind", unique=True, postgresql_where=text("event_id IS NOT NULL")),
        # one sale per payment of ordering's
        Index("uq_ledger_entry_payment_id", "payment_id", unique=True, postgresql_where=text("kind = 'sale'")),
        Index("uq_ledger_entry_idempotency_key", "idempotency_key", unique=True, postgresql_where=text("idempotency_key IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    kind: Mapped[str] = mapped_column(String(24))
    counts_as: Mapped[str] = mapped_column(String(24))
    restaurant_id: Mapped[int] = mapped_column(Integer)
    amount: Mapped[Decimal] = mapped_column(Money)
    occurred_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    day: Mapped[date] = mapped_column(Date)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    method: Mapped[str | None] = mapped_column(String(10))  # cash, debit, credit, online
    # a sale's: ordering's payment, where it was paid, how many lines ('ordenes') it paid
    payment_id: Mapped[int | None] = mapped_column(Integer)
    place_id: Mapped[int | None] = mapped_column(Integer)
    delivery_id: Mapped[int | None] = mapped_column(Integer)
    line_count: Mapped[int] = mapped_column(Integer, default=0)
    # a commission's: its sale and the percent in force at the sale
    sale_id: Mapped[int | None] = mapped_column(ForeignKey("ledger_entry.id"))
    fee_percent: Mapped[Decimal | None] = mapped_column(Numeric(5, 2))
    reverses_id: Mapped[int | None] = mapped_column(ForeignKey("ledger_entry.id"), unique=True)
    event_id: Mapped[uuid.UUID | None] = mapped_column(UUID(as_uuid=True))  # the event it was written from
    recorded_by: Mapped[str] = mapped_column(String(150), default="")  # staff who took it, admin who collected
    note: Mapped[str] = mapped_column(String(200), default="")  # why a reversal was made
    # a collection's Idempotency-Key, the SHA-256 of its request and what it left owed (its answer)
    idempotency_key: Mapped[str | None] = mapped_column(String(100))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    owed_after: Mapped[Decimal | None] = mapped_column(Money)


class SaleLine(Base):
    """A line a sale paid for: the dish, its category and price as they were when it was placed."""

    __tablename__ = "sale_line"

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    sale_id: Mapped[int] = mapped_column(ForeignKey("ledger_entry.id"), index=True)
    line_id: Mapped[int] = mapped_column(Integer)
    order_id: Mapped[int] = mapped_column(Integer)
    dish_id: Mapped[int] = mapped_column(Integer)
    dish_name: Mapped[str] = mapped_column(String(200))
    category_name: Mapped[str] = mapped_column(String(200), default="")
    unit_price: Mapped[Decimal] = mapped_column(Money)
    quantity: Mapped[int] = mapped_column(Integer)
    amount: Mapped[Decimal] = mapped_column(Money)


class DailyTotal(Base):
    __tablename__ = "ledger_daily_total"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    counts_as: Mapped[str] = mapped_column(String(24), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    method: Mapped[str] = mapped_column(String(10), primary_key=True)  # '' for rows without one (collections)
    amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    line_count: Mapped[int] = mapped_column(BigInteger)
    entries: Mapped[int] = mapped_column(BigInteger)  # rows (a reversal is one too)
