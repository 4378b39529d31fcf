from datetime import datetime
from decimal import Decimal

from sqlalchemy import Boolean, CheckConstraint, DateTime, ForeignKey, Integer, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base, Timestamped


class Dish(Timestamped, Base):
    __tablename__ = "dish"
    __table_args__ = (
        # Deferred so that a tree save may swap two dishes' names or move dishes between
        # categories; the service also checks case-insensitively, with a message.
        UniqueConstraint("menu_group_id", "name", deferrable=True, initially="DEFERRED"),
        CheckConstraint("price >= 1", name="price_at_least_one"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    menu_group_id: Mapped[int] = mapped_column(ForeignKey("menu_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    description: Mapped[str] = mapped_column(String(270), default="")
    price: Mapped[Decimal] = mapped_column(Numeric(12, 2))  # money is decimal, never float
    disable: Mapped[bool] = mapped_column(Boolean, default=False)
    order: Mapped[int] = mapped_column(Integer, default=0)


class DishImage(Timestamped, Base):
    __tablename__ = "dish_image"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    dish_id: Mapped[int] = mapped_column(ForeignKey("dish.id", ondelete="CASCADE"), index=True)
    path: Mapped[str] = mapped_column(String(255))  # relative to the service's media dir
    soft_delete: Mapped[bool] = mapped_column(Boolean, default=False)


class DishOrderActivity(Base):
    """Projection of ordering's events: which orders hold which dishes right now.

    One row per (dish, order) with the latest state seen; a dish is active while any of its rows
    is. Keeping released rows (instead of deleting them) makes a late `activated` that arrives
    after its `released` harmless: the newer event wins by `occurred_at`.
    """

    __tablename__ = "dish_order_activity"

    dish_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    active: Mapped[bool] = mapped_column(Boolean)
    occurred_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
