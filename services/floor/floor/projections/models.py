"""What floor knows of other services: projections of their events, never their databases.

A row keeps the `occurred_at` of the newest event applied to it (`updated_at`), so an older event
arriving late never overwrites a newer one; a deleted menu stays as a tombstone row.
"""
from datetime import datetime

from sqlalchemy import Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class MenuFacts(Base):
    """A menu as catalog announced it: a place's menu must be one of its restaurant's."""

    __tablename__ = "menu_facts"

    menu_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RestaurantFacts(Base):
    """The restaurant's name, printed on its QR sheets."""

    __tablename__ = "restaurant_facts"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    nombre_local: Mapped[str] = mapped_column(String(200), default="")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
