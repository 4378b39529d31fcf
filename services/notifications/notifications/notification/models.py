from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, SmallInteger, String, Text, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class Notification(Base):
    """One message of the live stream: to a restaurant's staff (the bell's history), to the phones
    at one place, or to the phones reading one menu.

    Ids are given out in commit order (see `NotificationHead`), so "everything after id n" is a
    complete answer: a reconnecting screen misses nothing and sees nothing twice."""

    __tablename__ = "notification"
    __table_args__ = (
        # The staff catch-up and the bell: a restaurant's messages, newest first.
        Index("ix_notification_staff", "restaurant_id", "id", postgresql_where=text("for_staff")),
        # The diner catch-up: a place's messages, and a menu's (`DinerScope.audiences`).
        Index("ix_notification_place", "place_id", "id", postgresql_where=text("for_diners")),
        Index("ix_notification_menu", "menu_id", "id", postgresql_where=text("for_diners AND place_id IS NULL")),
        # Retention: what phones may still read, by age (`retention.py`).
        Index("ix_notification_diners_age", "created_at", postgresql_where=text("for_diners")),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    place_id: Mapped[int | None] = mapped_column(Integer)
    menu_id: Mapped[int | None] = mapped_column(Integer)  # menu_changed: the menu to fetch again
    type: Mapped[str] = mapped_column(String(40))
    order_type: Mapped[str] = mapped_column(String(20))
    description: Mapped[str] = mapped_column(String(150))
    from_admin: Mapped[bool] = mapped_column(Boolean)
    msg_es: Mapped[str] = mapped_column(Text)
    msg_en: Mapped[str] = mapped_column(Text)
    data: Mapped[dict] = mapped_column(JSONB)
    for_staff: Mapped[bool] = mapped_column(Boolean)
    for_diners: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class NotificationHead(Base):
    """The last notification id given out: one row, updated by every transaction that records
    notifications. Its row lock is held until that transaction commits, so ids commit in order."""

    __tablename__ = "notification_head"

    id: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    last_id: Mapped[int] = mapped_column(BigInteger)


class ReadMark(Base):
    """A staff member marked everything of a restaurant read up to `read_up_to` ('mark all read')."""

    __tablename__ = "notification_read_mark"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    read_up_to: Mapped[int] = mapped_column(BigInteger)


class ReadNotification(Base):
    """A staff member read one notification newer than their mark."""

    __tablename__ = "notification_read"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    notification_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("notification.id", ondelete="CASCADE"), primary_key=True, index=True
    )
