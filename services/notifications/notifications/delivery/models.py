from datetime import datetime

from sqlalchemy import DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class TrackedDelivery(Base):
    """A diner's delivery or take-away order from the menu link, as ordering announces it
    (`ordering.delivery.changed`): enough to let its tracking socket in by the token's SHA-256 (the
    token itself is known to no service) and to close it a day after the order closed."""

    __tablename__ = "tracked_delivery"

    delivery_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # every line final; None while open
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))  # the newest event applied
