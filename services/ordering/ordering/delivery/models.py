from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, Integer, Numeric, SmallInteger, String, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base

DELIVERY, PICKUP = 1, 2  # type_delivery (spec part 2 §3 'Delivery order')


class Delivery(Base):
    """A delivery or takeaway order: who and where; its dishes are order lines with `delivery_id`.

    `fk_delivery` is the six-digit number the diner's WhatsApp message carries, so staff can match
    the message with the order on the delivery list.
    """

    __tablename__ = "delivery_order"
    __table_args__ = (UniqueConstraint("restaurant_id", "idempotency_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    menu_id: Mapped[int] = mapped_column(Integer)
    type_delivery: Mapped[int] = mapped_column(SmallInteger)
    contact_name: Mapped[str] = mapped_column(String(30))
    contact_phone: Mapped[str] = mapped_column(String(20), default="")
    address: Mapped[str] = mapped_column(String(100), default="")
    fk_delivery: Mapped[str | None] = mapped_column(String(6))
    cash_amount: Mapped[Decimal | None] = mapped_column(Numeric(12, 2))  # what the diner will pay with
    source: Mapped[str] = mapped_column(String(10), default="staff")
    idempotency_key: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
