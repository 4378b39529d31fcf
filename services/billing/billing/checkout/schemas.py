"""Online checkout's wire shapes (issue 22): what a diner's phone and the staff's screen send and read."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from kit.pagination import DbId

PlaceToken = Annotated[str, Field(min_length=1, max_length=200, description="the table's QR token")]
TipPercent = Literal[10, 15, 20]
TipAmount = Annotated[Decimal, Field(gt=0, max_digits=12, decimal_places=2)]
Mode = Literal["tab", "mine", "share"]
State = Literal["pending", "approved", "rejected", "cancelled", "refunded", "expired"]


class Tip(BaseModel):
    tip_percent: TipPercent | None = Field(None, description="10, 15 or 20 % of what this charge pays (only when the restaurant takes tips)")
    tip_amount: TipAmount | None = Field(None, description="or an amount, above 0 and at most what this charge pays")


class TableCheckoutCreate(Tip):
    """A diner's 'Pay' at a table: the whole tab, their own lines, or an equal share among N."""

    t: PlaceToken
    mode: Mode = Field(description="tab: every payable line; mine: the lines of `orders`; share: the tab in `shares` equal parts")
    orders: Annotated[list[DbId], Field(max_length=200)] = Field(
        default_factory=list, description="mode mine: the orders this phone placed")
    shares: Annotated[int, Field(ge=2, le=20)] | None = Field(None, description="mode share: how many equal parts (2 to 20)")


class ShareCreate(Tip):
    """The next share of an equal split, for another phone at the table."""

    t: PlaceToken


class DeliveryCheckoutCreate(BaseModel):
    fk_delivery: DbId = Field(description="the delivery order's id")


class Share(BaseModel):
    n: int = Field(description="this share's number, 1 to `of`")
    of: int


class ChargePublic(BaseModel):
    """One payment to make at the provider: send the diner to `init_point`."""

    checkout: int
    charge: int
    init_point: str
    amount: Decimal = Field(description="what this charge pays of the lines (a share: its part), tip aside")
    tip: Decimal
    total: Decimal = Field(description="amount + tip: what the diner pays")
    marketplace_fee: Decimal = Field(description="the platform's fee the marketplace retains (none on the tip)")
    share: Share | None = Field(description="an equal split's share; null otherwise")
    lines: list[int] = Field(description="the lines the checkout holds (all of them, for a share too)")


class OpenCheckout(BaseModel):
    """A checkout under way at the table, so other phones can pay a share or see what is pending."""

    checkout: int
    mode: Literal["tab", "mine", "share"]
    shares: int
    shares_paid: int = Field(description="shares (or the one charge) the provider approved")
    shares_taken: int = Field(description="shares handed out to a phone already (a share left: shares_taken < shares)")
    amount: Decimal = Field(description="the lines' total, tips aside")
    state: Literal["open", "approved"] = Field(description="open: waiting for payments; approved: paid, the lines are being marked paid")
    lines: list[int]
    created_at: datetime


class TablePayState(BaseModel):
    """What a table's phones need to offer 'Pay': whether the restaurant takes online payments,
    whether it takes tips, and the checkouts under way there."""

    linked: bool = Field(description="the restaurant is linked to its marketplace account (online payments work)")
    tips: bool = Field(description="the restaurant takes tips (the pay dialog offers 10, 15, 20 % or an amount)")
    checkouts: list[OpenCheckout]


class ChargeState(BaseModel):
    """What happened to a payment, for the /pago/success|pending|fail pages (by its reference)."""

    state: State
    amount: Decimal
    tip: Decimal
    total: Decimal
    fk_sit: int | None = Field(description="the table, to go back to; null for a delivery order")
    fk_delivery: int | None
    fk_resto: int
    restaurant: str = Field(description="the restaurant's name")
    checkout: int
    share: Share | None


class CheckoutCancelled(BaseModel):
    checkout: int
    state: Literal["cancelled"]
    lines: list[int]
    refunded: list[str] = Field(description="the provider's payments given back (approved shares of a split)")
    cancelled: list[str] = Field(description="the provider's pending payments cancelled")
