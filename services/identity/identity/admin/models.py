from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class RestaurantActivity(Base):
    """Order activity per restaurant, projected from ordering's events for the admin dashboard."""

    __tablename__ = "restaurant_activity"

    restaurant_id: Mapped[int] = mapped_column(ForeignKey("restaurant.id", ondelete="CASCADE"), primary_key=True)
    total_orders: Mapped[int] = mapped_column(Integer, default=0)
    last_order_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_order_user: Mapped[str] = mapped_column(String(150), default="")  # the client, or the diner's name
    last_order_dish: Mapped[str] = mapped_column(String(60), default="")
