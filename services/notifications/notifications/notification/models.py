from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, Sequence, String, Text, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base

# Ids for every restaurant; owned by `notification.id` (so a test's TRUNCATE ... RESTART IDENTITY restarts it).
ID_SEQUENCE = Sequence("notification_id_seq")


class Notification(Base):
    """One message of the live stream: to a restaurant's staff (the bell's history), to the phones
    at one place, or to the phones reading one menu.

    Within a restaurant, ids are given out in commit order (see `StreamHead`), so "everything of the
    restaurant after id n" is a complete answer: a reconnecting screen misses nothing and sees
    nothing twice. `seq` counts the restaurant's messages one by one (1, 2, 3 ...): a process that
    receives seq 7 after 5 knows 6 is missing."""

    __tablename__ = "notification"
    __table_args__ = (
        # The staff catch-up and the bell: a restaurant's messages, newest first.
        Index("ix_notification_staff", "restaurant_id", "id", postgresql_where=text("for_staff")),
        # The diner catch-up: a place's messages, and a menu's (`DinerScope.audiences`).
        Index("ix_notification_place", "place_id", "id", postgresql_where=text("for_diners")),
        Index("ix_notification_menu", "menu_id", "id", postgresql_where=text("for_diners AND place_id IS NULL")),
        # Retention: what phones may still read, by age (`retention.py`).
        Index("ix_notification_diners_age", "created_at", postgresql_where=text("for_diners")),
        # The stream: a restaurant's messages in order, and a gap in them (`hub.py`).
        Index("ux_notification_seq", "restaurant_id", "seq", unique=True),
    )

    # Taken from the sequence while the restaurant's head row is locked (`repository.take_positions`).
    id: Mapped[int] = mapped_column(BigInteger, ID_SEQUENCE, primary_key=True, autoincrement=False)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(BigInteger)
    place_id: Mapped[int | None] = mapped_column(Integer)
    menu_id: Mapped[int | None] = mapped_column(Integer)  # menu_changed: the menu to fetch again
    type: Mapped[str] = mapped_column(String(40))
    order_type: Mapped[str] = mapped_column(String(20))
    description: Mapped[str] = mapped_column(String(150))
    from_admin: Mapped[bool] = mapped_column(Boolean)
    origin: Mapped[str | None] = mapped_column(String(64))  # the staff screen that caused it (kit.origin)
    msg_es: Mapped[str] = mapped_column(Text)
    msg_en: Mapped[str] = mapped_column(Text)
    data: Mapped[dict] = mapped_column(JSONB)
    for_staff: Mapped[bool] = mapped_column(Boolean)
    for_diners: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class StreamHead(Base):
    """A restaurant's newest message: its `seq` and its id. Every transaction recording messages of
    the restaurant updates the row, whose lock it holds until it commits: the restaurant's messages
    commit one after another, in id order, while other restaurants' commit beside them."""

    __tablename__ = "notification_stream_head"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    last_seq: Mapped[int] = mapped_column(BigInteger)
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
