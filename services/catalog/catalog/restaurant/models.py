from datetime import datetime

from sqlalchemy import Boolean, DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base


class RestaurantProfile(Base):
    """What the public menu shows of a restaurant: a projection of identity's restaurant events."""

    __tablename__ = "restaurant_profile"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    nombre_local: Mapped[str] = mapped_column(String(100), default="")
    logo: Mapped[str] = mapped_column(String(300), default="")
    whatsapp: Mapped[str] = mapped_column(String(300), default="")
    takeaway: Mapped[bool] = mapped_column(Boolean, default=False)
    stop_orders: Mapped[bool] = mapped_column(Boolean, default=False)
    horario_apertura: Mapped[str | None] = mapped_column(String(5))
    horario_cierre: Mapped[str | None] = mapped_column(String(5))
    # The newest event applied; an older one arriving late changes nothing.
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
