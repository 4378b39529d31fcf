from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, Index, Integer, Numeric, SmallInteger, String, func, text
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base

DELIVERY, PICKUP = 1, 2  # type_delivery (spec part 2 §3 'Delivery order')


class Delivery(Base):
    """A delivery or takeaway order: who and where; its dishes are order lines with `delivery_id`.

    `fk_delivery` is the six-digit number the diner's WhatsApp message carries, so staff can match
    the message with the order on the delivery list.

    `status` is the spec's delivery_status (the lowest line status, ignoring rejected ones), stored
    so that a restaurant's list filters and pages by it in SQL; every change of the lines rewrites
    it in the same transaction (`delivery.status.keep_status`).

    An Idempotency-Key names one request platform-wide (unique across restaurants); only its
    SHA-256 is stored (`idempotency_key`), and `request_hash` is the SHA-256 of the request it
    named: a replay is answered only when it is the same request from the same kind of caller
    (`delivery.service.replay`).

    A diner's order from the menu link gets a tracking token (`delivery.tracking`): its SHA-256 is
    `tracking_hash`, and `tracking_sealed` is the token sealed with the order's Idempotency-Key, so
    only a replay of that key can give the same token back (none for an order sent without a key). `closed_at` is when every line became
    final (rejected or paid; or none left): the tracking link stops working a day later.

    `details` is the order's detail text (`up-delivery-info/`); `place_id` (fk_sit) a delivery point
    of the restaurant's floor staff may assign it to.
    """

    __tablename__ = "delivery_order"
    __table_args__ = (
        Index("ix_delivery_order_restaurant_id_id", "restaurant_id", "id"),
        Index("ix_delivery_order_restaurant_id_status_id", "restaurant_id", "status", "id"),
        Index("uq_delivery_order_idempotency_key", "idempotency_key", unique=True,
              postgresql_where=text("idempotency_key IS NOT NULL")),
        Index("uq_delivery_order_tracking_hash", "tracking_hash", unique=True,
              postgresql_where=text("tracking_hash IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    menu_id: Mapped[int] = mapped_column(Integer)
    type_delivery: Mapped[int] = mapped_column(SmallInteger)
    contact_name: Mapped[str] = mapped_column(String(30))
    contact_phone: Mapped[str] = mapped_column(String(20), default="")
    address: Mapped[str] = mapped_column(String(100), default="")
    fk_delivery: Mapped[str | None] = mapped_column(String(6))
    cash_amount: Mapped[Decimal | None] = mapped_column(Numeric(12, 2))  # what the diner will pay with
    source: Mapped[str] = mapped_column(String(10), default="staff")
    idempotency_key: Mapped[str | None] = mapped_column(String(100))  # the key's SHA-256
    request_hash: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str | None] = mapped_column(String(1))  # None: no lines
    details: Mapped[str] = mapped_column(String(200), default="", server_default="")
    place_id: Mapped[int | None] = mapped_column(Integer)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    tracking_hash: Mapped[str | None] = mapped_column(String(64))
    tracking_sealed: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
