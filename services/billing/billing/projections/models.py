"""What billing knows of identity: projections of its events, never its database.

A row keeps the `occurred_at` of the newest event applied to it (`updated_at`), so an older event
arriving late never overwrites a newer one; a deleted restaurant stays as a tombstone row, because
its money (the ledger, a debt still owed) outlives it.
"""
from datetime import datetime

from sqlalchemy import Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class RestaurantFacts(Base):
    """A restaurant's name and owner (the admin's fee table), when it was created (its first 30
    days are the licence's free month) and whether its diners may tip online."""

    __tablename__ = "restaurant_facts"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(Integer, default=0)
    nombre_local: Mapped[str] = mapped_column(String(200), default="")
    # `identity.restaurant.created`'s time; empty while only later events have arrived.
    opened_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    # diners may add a tip to an online payment (identity's `tips`)
    tips: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class UserFacts(Base):
    """An account's username (the owner's, in the admin's fee table)."""

    __tablename__ = "user_facts"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(150))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
