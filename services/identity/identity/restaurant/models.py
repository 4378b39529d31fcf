from datetime import datetime, time
from decimal import Decimal

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, Numeric, String, Time, func
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base, Timestamped


class Restaurant(Timestamped, Base):
    __tablename__ = "restaurant"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    nombre_local: Mapped[str] = mapped_column(String(40))
    direccion: Mapped[str] = mapped_column(String(100), default="")
    telefono: Mapped[str] = mapped_column(String(20), default="")
    logo: Mapped[str] = mapped_column(String(255), default="")
    wait_time: Mapped[int] = mapped_column(Integer, default=0)  # minutes; 0 disables the late-table timer
    avg_permanence: Mapped[Decimal] = mapped_column(Numeric(8, 2), default=Decimal("0"))
    # Billing's (`billing.marketplace.linked` / `.unlinked`): whether the restaurant is linked to a
    # marketplace account, as of `mp_active_at`. Nobody sets it here.
    mp_active: Mapped[bool] = mapped_column(Boolean, default=False)
    mp_active_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    nro_tarjeta: Mapped[str] = mapped_column(String(30), default="")
    reservas: Mapped[bool] = mapped_column(Boolean, default=False)
    takeaway: Mapped[bool] = mapped_column(Boolean, default=False)
    tips: Mapped[bool] = mapped_column(Boolean, default=False)
    has_waiter: Mapped[bool] = mapped_column(Boolean, default=False)
    stop_orders: Mapped[bool] = mapped_column(Boolean, default=False)
    receive_noti: Mapped[bool] = mapped_column(Boolean, default=True)
    mute_sound: Mapped[bool] = mapped_column(Boolean, default=False)
    facebook: Mapped[str] = mapped_column(String(300), default="")
    instagram: Mapped[str] = mapped_column(String(300), default="")
    whatsapp: Mapped[str] = mapped_column(String(300), default="")
    website: Mapped[str] = mapped_column(String(300), default="")
    # Billing's (`billing.fee.changed`): a copy for the admin's rows, as of `application_fee_at`.
    application_fee: Mapped[Decimal] = mapped_column(Numeric(5, 2), default=Decimal("0.50"))  # percent
    application_fee_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    horario_apertura: Mapped[time | None] = mapped_column(Time)
    horario_cierre: Mapped[time | None] = mapped_column(Time)


# A name is unique per owner, whatever its case.
Index("uq_restaurant_owner_name", Restaurant.owner_id, func.lower(Restaurant.nombre_local), unique=True)
