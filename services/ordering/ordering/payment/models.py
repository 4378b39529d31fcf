"""A payment at the counter (or, later, online): the lines it paid name it (`order_line.payment_id`).

Written in the same transaction as its lines' move to paid (6), under their locks, and announced
as `ordering.payment.recorded`. `amount` is the sum of its lines' totals (`ordering.money`).

An Idempotency-Key names one request platform-wide; only its SHA-256 is kept (`idempotency_key`)
with the SHA-256 of the request it named (`request_hash`, the lines and the method) and what the
payment left open (`open_left`: the answer's `orders_sit_count` or `orders_delivery_count`), so a
repeated request answers the same and another request with the key is refused.
"""
from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, DateTime, Index, Integer, Numeric, String, func, text
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class Payment(Base):
    __tablename__ = "payment"
    __table_args__ = (
        CheckConstraint("method IN ('cash', 'debit', 'credit', 'online')", name="method"),
        Index("ix_payment_restaurant_id_paid_at", "restaurant_id", "paid_at"),
        Index("uq_payment_idempotency_key", "idempotency_key", unique=True, postgresql_where=text("idempotency_key IS NOT NULL")),
        Index("uq_payment_checkout_id", "checkout_id", unique=True, postgresql_where=text("checkout_id IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    place_id: Mapped[int | None] = mapped_column(Integer)  # a table's lines
    delivery_id: Mapped[int | None] = mapped_column(Integer)  # one delivery order's lines (None: several, or a table)
    method: Mapped[str] = mapped_column(String(10))
    amount: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    paid_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    paid_by: Mapped[str] = mapped_column(String(150), default="")  # the staff member's username
    idempotency_key: Mapped[str | None] = mapped_column(String(64))  # the key's SHA-256
    checkout_id: Mapped[int | None] = mapped_column(Integer)  # billing's checkout an online payment paid
    request_hash: Mapped[str | None] = mapped_column(String(64))
    open_left: Mapped[int] = mapped_column(Integer, default=0)
    # billing's announcement (billing.commission.accrued): the fee applied and the commission
    commission_percent: Mapped[Decimal | None] = mapped_column(Numeric(5, 2))
    commission: Mapped[Decimal | None] = mapped_column(Numeric(12, 2))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class OnlineCheckout(Base):
    """Billing's checkout as ordering last heard of it (`billing.checkout.*`): its state and the
    newest event's time, so an event older than one applied changes nothing (they come through
    separate queues, in any order)."""

    __tablename__ = "online_checkout"

    checkout_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(10))  # open, rejected, closed, approved
    occurred_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
