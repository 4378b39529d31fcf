"""Places on a restaurant's floor: tables (M1), chairs (S1) and delivery points (D1)."""
from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class Place(Base):
    __tablename__ = "place"
    __table_args__ = (
        # Checked at commit, so one save may swap two places' names.
        UniqueConstraint("restaurant_id", "name", name="place_name_unique_in_restaurant", deferrable=True, initially="DEFERRED"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    menu_id: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(4))  # i_name
    kind: Mapped[str] = mapped_column(String(8))  # sit_type: mesa, silla, delivery
    x: Mapped[int] = mapped_column(Integer)
    y: Mapped[int] = mapped_column(Integer)
    w: Mapped[int] = mapped_column(Integer, default=1)
    h: Mapped[int] = mapped_column(Integer, default=1)
    blocked: Mapped[bool] = mapped_column(Boolean, default=False)
    admin: Mapped[bool] = mapped_column(Boolean, default=True)  # comments and add-order allowed
    details: Mapped[str] = mapped_column(Text, default="")
    # The QR code's secret: random, never the id, replaced when a sticker is lost or copied.
    token: Mapped[str] = mapped_column(String(64), unique=True)
    call_waiter: Mapped[bool] = mapped_column(Boolean, default=False)
    call_kind: Mapped[str | None] = mapped_column(String(8), nullable=True)  # waiter | bill
    called_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Open order lines on this place, as ordering announced (ordering.place.activated/released).
    active: Mapped[bool] = mapped_column(Boolean, default=False)
    activity_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RevokedToken(Base):
    """A replaced QR token: its old code then says 'no longer valid' instead of 'not found'."""

    __tablename__ = "revoked_place_token"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    place_id: Mapped[int] = mapped_column(Integer, ForeignKey("place.id", ondelete="CASCADE"), index=True)
    revoked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
