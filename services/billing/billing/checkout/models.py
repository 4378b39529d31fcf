"""Online checkouts (issue 22): lines of a table or a delivery order paid through the restaurant's
marketplace account.

- `checkout`: what is being paid (a table's tab, a diner's own lines, an equal split, a delivery
  order), its lines' total, the fee in force when it opened, and where it stands: `open` (waiting
  for its payments), `approved` (every charge paid at the provider; ordering pays the lines), `paid`
  (ordering recorded the payment), or ended without paying: `cancelled`, `expired`, `refunded`.
- `checkout_line`: the lines it holds. A line is held by at most one checkout at a time: a unique
  index over the rows still `held`, so two phones racing for one line get one winner.
- `checkout_charge`: one payment at the provider each (a checkout preference): one per checkout, or
  one per share of an equal split, handed out to the phone that asks for it (with its own tip);
  `reference` is its `external_reference`, unguessable.
- `checkout_payment`: the provider's payments of a charge, as last confirmed with the provider.
- `checkout_request`: each Idempotency-Key and what it made, so a retry answers the same.
"""
from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger, Boolean, CheckConstraint, DateTime, ForeignKey, Identity, Index, Integer, Numeric, SmallInteger, String, Text,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base

Money = Numeric(12, 2)
# Where a checkout stands; it holds its lines while `open` or `approved`.
OPEN, APPROVED, PAID, CANCELLED, EXPIRED, REFUNDED = "open", "approved", "paid", "cancelled", "expired", "refunded"
HOLDING = (OPEN, APPROVED)
ENDED = (CANCELLED, EXPIRED, REFUNDED)
# Where a checkout may go from where it stands: every change goes through this table
# (`checkout.change.CheckoutChange`). Open: every charge approved, paid (ordering's payment came
# first), cancelled by staff or expired; approved: paid by ordering, or refunded when ordering
# refused it; paid and ended are final.
TRANSITIONS: dict[str, frozenset[str]] = {
    OPEN: frozenset({APPROVED, PAID, CANCELLED, EXPIRED}),
    APPROVED: frozenset({PAID, REFUNDED}),
    PAID: frozenset(),
    **{ended: frozenset() for ended in ENDED},
}
MODES = ("tab", "mine", "share", "delivery")
# A charge: not handed out yet, waiting for its payment, or the provider's word on it.
UNASSIGNED, PENDING, REJECTED = "unassigned", "pending", "rejected"


def _in(values) -> str:
    return ", ".join(f"'{value}'" for value in values)


class Checkout(Base):
    __tablename__ = "checkout"
    __table_args__ = (
        CheckConstraint(f"state IN ({_in((OPEN, APPROVED, PAID, *ENDED))})", name="state"),
        CheckConstraint(f"mode IN ({_in(MODES)})", name="mode"),
        CheckConstraint("shares BETWEEN 1 AND 20", name="shares"),
        # the expiry job's rounds, and a table's open checkouts
        Index("ix_checkout_open_created_at", "created_at", postgresql_where=text("state = 'open'")),
        Index("ix_checkout_holding_place_id", "place_id", postgresql_where=text("state IN ('open', 'approved')")),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    restaurant_id: Mapped[int] = mapped_column(Integer)
    place_id: Mapped[int | None] = mapped_column(Integer)
    delivery_id: Mapped[int | None] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(10))
    shares: Mapped[int] = mapped_column(SmallInteger, default=1)
    amount: Mapped[Decimal] = mapped_column(Money)  # the lines' total, tips aside
    fee_percent: Mapped[Decimal] = mapped_column(Numeric(5, 2))  # in force when it opened (0: the free month)
    fee: Mapped[Decimal] = mapped_column(Money)  # the marketplace fee on `amount`, over its charges
    account_id: Mapped[int] = mapped_column(BigInteger)  # the seller the charges are made for
    state: Mapped[str] = mapped_column(String(10), default=OPEN)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    approved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    payment_id: Mapped[int | None] = mapped_column(Integer)  # ordering's payment of its lines, once paid


class CheckoutLine(Base):
    __tablename__ = "checkout_line"
    __table_args__ = (
        # a line is held by one checkout at a time
        Index("uq_checkout_line_held_line_id", "line_id", unique=True, postgresql_where=text("held")),
    )

    checkout_id: Mapped[int] = mapped_column(ForeignKey("checkout.id", ondelete="CASCADE"), primary_key=True)
    line_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    amount: Mapped[Decimal] = mapped_column(Money)
    held: Mapped[bool] = mapped_column(Boolean, default=True)


class CheckoutCharge(Base):
    __tablename__ = "checkout_charge"
    __table_args__ = (
        CheckConstraint(f"state IN ({_in((UNASSIGNED, PENDING, REJECTED, APPROVED, *ENDED))})", name="state"),
        CheckConstraint("fee >= 0 AND tip >= 0 AND amount > 0", name="amounts"),
        Index("uq_checkout_charge_checkout_id_share", "checkout_id", "share", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity(), primary_key=True)
    checkout_id: Mapped[int] = mapped_column(ForeignKey("checkout.id", ondelete="CASCADE"))
    share: Mapped[int] = mapped_column(SmallInteger)  # 1..shares
    amount: Mapped[Decimal] = mapped_column(Money)  # the lines' part, tip aside
    fee: Mapped[Decimal] = mapped_column(Money)  # its marketplace_fee
    tip: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"))
    state: Mapped[str] = mapped_column(String(10), default=UNASSIGNED)
    # set when it is handed out: the provider's preference and our unguessable external_reference
    reference: Mapped[str | None] = mapped_column(String(64), unique=True)
    preference_id: Mapped[str | None] = mapped_column(String(200))
    init_point: Mapped[str | None] = mapped_column(Text)
    handed_out_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # what the marketplace kept of its approved payment (its fee_details' application_fee)
    fee_retained: Mapped[Decimal | None] = mapped_column(Money)
    approved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CheckoutPayment(Base):
    """A payment the provider made for a charge, as last confirmed with it (never from a
    notification's word alone)."""

    __tablename__ = "checkout_payment"

    provider_payment_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    charge_id: Mapped[int] = mapped_column(ForeignKey("checkout_charge.id", ondelete="CASCADE"), index=True)
    status: Mapped[str] = mapped_column(String(20))
    amount: Mapped[Decimal] = mapped_column(Money)
    application_fee: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"))
    approved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # why we refunded or cancelled it ourselves ('' otherwise): cancelled, refused, late, twice
    undone: Mapped[str] = mapped_column(String(12), default="")
    # what of it, given back at the provider after its sale was recorded, the ledger has booked
    refunded: Mapped[Decimal] = mapped_column(Money, default=Decimal("0.00"), server_default="0")


class CheckoutRequest(Base):
    """An Idempotency-Key of the checkout calls: the same key and body again answers the same
    charge; the key with another body is refused."""

    __tablename__ = "checkout_request"

    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    charge_id: Mapped[int | None] = mapped_column(ForeignKey("checkout_charge.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
