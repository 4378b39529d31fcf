"""What ordering knows of other services: projections of their events, never their databases.

Each row keeps the `occurred_at` of the newest event applied to it (`updated_at`): an older event
arriving late (redelivery, a retried handler) never overwrites a newer one. Removed things stay as
rows marked `deleted` (tombstones), so a late 'changed' cannot bring them back.
"""
from datetime import datetime
from decimal import Decimal

from sqlalchemy import Boolean, DateTime, Integer, Numeric, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class DishFacts(Base):
    """A dish as catalog announced it: what a line copies when it is placed."""

    __tablename__ = "dish_facts"

    dish_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    menu_id: Mapped[int] = mapped_column(Integer, index=True)
    category_id: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    price: Mapped[Decimal] = mapped_column(Numeric(12, 2))
    disable: Mapped[bool] = mapped_column(Boolean, default=False)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    @property
    def orderable(self) -> bool:
        return not (self.disable or self.deleted)


class CategoryFacts(Base):
    """A menu category as catalog announced it: its name is copied into a line when the line is placed."""

    __tablename__ = "category_facts"

    category_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    menu_id: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200), default="")
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MenuFacts(Base):
    __tablename__ = "menu_facts"

    menu_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    delivery: Mapped[bool] = mapped_column(Boolean, default=False)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlaceFacts(Base):
    """A place (table, chair, delivery point) as floor announced it.

    Only the hash of the QR token travels: a diner's call is authorized by hashing the token it
    presents and finding it here.
    """

    __tablename__ = "place_facts"

    place_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    name: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(10))  # mesa, silla, delivery
    menu_id: Mapped[int] = mapped_column(Integer)
    admin: Mapped[bool] = mapped_column(Boolean, default=True)  # comments and add-order allowed
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RestaurantSettings(Base):
    """What taking an order needs of a restaurant: its name, wait time, whether it takes orders.

    `whatsapp` and `takeaway` decide, with a delivery menu, whether diners may order from the menu
    link at all (the spec's order-enabled rule; `delivery.service.check_takes_deliveries`).
    """

    __tablename__ = "restaurant_settings"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    nombre_local: Mapped[str] = mapped_column(String(100), default="")
    wait_time: Mapped[int] = mapped_column(SmallInteger, default=0)  # minutes; 0: no late-table notice
    stop_orders: Mapped[bool] = mapped_column(Boolean, default=False)
    horario_apertura: Mapped[str | None] = mapped_column(String(5))
    horario_cierre: Mapped[str | None] = mapped_column(String(5))
    whatsapp: Mapped[str] = mapped_column(String(300), default="")  # https://wa.me/<digits>, or empty
    takeaway: Mapped[bool] = mapped_column(Boolean, default=False)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
