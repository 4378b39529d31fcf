from datetime import datetime

from sqlalchemy import Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class Place(Base):
    """A table, chair or delivery point as floor announces it: enough to let a diner's socket in
    by the token of the place's QR code (only its SHA-256 is known here) and to name the place.

    Kept after removal (`removed`) so that an older event arriving late cannot bring it back."""

    __tablename__ = "place"

    place_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    menu_id: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(10))
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    removed: Mapped[bool] = mapped_column(Boolean, default=False)
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # the newest event applied


class Sitting(Base):
    """Where a place's current sitting starts: the moment its tab last closed (the table freed, or
    paid off), as ordering announced it. Its phones see nothing of the place from before."""

    __tablename__ = "place_sitting"

    place_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
