"""Orders and their lines.

An order is one placement: the lines a tablet or a diner's phone sent together, for one place. A
line is what the spec calls an 'orden' (`ordenes/{id}/`): one dish, a quantity and a status. The
dish's name, category name and price are copied into the line when it is placed, so a later change
in catalog never changes a placed order.

A line stays on its place's tab (`closed_at` empty) until the table is freed or fully paid.
A line is paid (6) only by a payment (`ordering.payment`), which it names (`payment_id`), with the
payment's method (`pay_method`: a cash line is never rejected) and, once billing announced it, its
share of the payment's commission (`commission`). `pay_status` is the spec's 'status_pay':
'paid', or the marketplace's 'pending' / 'rejected' while an online payment is under way (the
checkout holding the line: `checkout_id`); such a line is paid, rejected or removed only once
that checkout ends (`ordering.payment.online`).
`version` grows with every change of the line: two tablets acting on the same line at once cannot
both win (see `order.work`).
"""
from datetime import datetime
from decimal import Decimal

from sqlalchemy import DateTime, ForeignKey, Index, Integer, Numeric, SmallInteger, String, UniqueConstraint, func, text
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base
from ordering.order.statuses import HELD_ONLINE


class Order(Base):
    __tablename__ = "customer_order"  # 'order' is an SQL keyword
    __table_args__ = (
        UniqueConstraint("place_id", "idempotency_key"),
        # A repeated key from another place is found (and refused) without a scan.
        Index("ix_customer_order_idempotency_key", "idempotency_key", postgresql_where=text("idempotency_key IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    place_id: Mapped[int | None] = mapped_column(Integer, index=True)
    kind: Mapped[str] = mapped_column(String(10), default="table")  # table, delivery, takeaway
    delivery_id: Mapped[int | None] = mapped_column(ForeignKey("delivery_order.id", ondelete="CASCADE"), index=True)
    source: Mapped[str] = mapped_column(String(10), default="staff")  # staff, diner
    placed_by: Mapped[str] = mapped_column(String(150), default="")
    # A diner's phone sends one key per 'send' tap: a repeated tap finds the order it placed.
    idempotency_key: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class OrderLine(Base):
    __tablename__ = "order_line"
    __table_args__ = (Index("ix_order_line_tab", "place_id", postgresql_where="closed_at IS NULL"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("customer_order.id", ondelete="CASCADE"), index=True)
    restaurant_id: Mapped[int] = mapped_column(Integer, index=True)
    place_id: Mapped[int | None] = mapped_column(Integer)
    delivery_id: Mapped[int | None] = mapped_column(ForeignKey("delivery_order.id", ondelete="CASCADE"), index=True)
    dish_id: Mapped[int] = mapped_column(Integer, index=True)
    dish_name: Mapped[str] = mapped_column(String(200))
    # The dish's category when the line was placed ('' while ordering had not learned it).
    category_name: Mapped[str] = mapped_column(String(200), default="", server_default="")
    price: Mapped[Decimal] = mapped_column(Numeric(12, 2))  # the unit price
    quantity: Mapped[int] = mapped_column(SmallInteger)
    status: Mapped[str] = mapped_column(String(1), default="1")
    extra_commentary: Mapped[str] = mapped_column(String(100), default="")
    diner_name: Mapped[str] = mapped_column(String(30), default="")
    fk_user_client: Mapped[int | None] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    payment_id: Mapped[int | None] = mapped_column(ForeignKey("payment.id"), index=True)
    pay_status: Mapped[str | None] = mapped_column(String(8))  # paid, pending, rejected
    # billing's checkout holding the line while an online payment is under way (`payment.online`)
    checkout_id: Mapped[int | None] = mapped_column(Integer, index=True)

    @property
    def held_online(self) -> bool:
        """An online payment of the line is under way: only its checkout's end lets it be paid,
        rejected or removed another way (staff cancel it first: billing's cancelar-mercadopago)."""
        return self.pay_status in HELD_ONLINE
    pay_method: Mapped[str | None] = mapped_column(String(10))  # cash, debit, credit, online
    commission: Mapped[Decimal | None] = mapped_column(Numeric(12, 2))  # billing's share of the payment's commission
