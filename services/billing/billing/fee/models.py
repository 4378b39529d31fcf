"""Fee changes: every application fee the admin set, with the moment it took effect.

Kept as rows, never overwritten (the database refuses UPDATE and DELETE here too): a sale is
charged at the fee in force when it was paid, so a late event, or a rebuild from the events,
charges exactly what it did the first time.
"""
from datetime import datetime
from decimal import Decimal

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Identity, Index, Integer, Numeric
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class FeeChange(Base):
    __tablename__ = "fee_change"
    __table_args__ = (
        CheckConstraint("application_fee >= 0 AND application_fee <= 100", name="percent"),
        Index("ix_fee_change_restaurant_id_effective_at", "restaurant_id", "effective_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    application_fee: Mapped[Decimal] = mapped_column(Numeric(5, 2))  # percent
    effective_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    changed_by: Mapped[int] = mapped_column(Integer)  # the admin's user id
