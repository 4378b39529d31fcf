"""Events published by the billing service."""
from datetime import datetime
from decimal import Decimal
from typing import Literal

from contracts.base import Event, Part


class FeeChanged(Event):
    """The admin set a restaurant's application fee (`PUT comision-resto/{id}/`): the platform's
    commission, a percent of each sale made through the platform (0 to 100, two decimals). It
    applies to sales paid from `effective_at` on; earlier sales keep the fee that was in force.
    Identity shows it in the admin's restaurant rows."""

    type = "billing.fee.changed"
    restaurant_id: int
    application_fee: Decimal
    effective_at: datetime


class CommissionLine(Part):
    """A paid line's share of its sale's commission."""

    line_id: int
    amount: Decimal


class CommissionAccrued(Event):
    """Billing recorded a payment of ordering's (`ordering.payment.recorded`) and what it owes the
    platform: `amount` is the restaurant's fee in force at the sale (`percent`) of the sale, two
    places, half up; 0.00 in the restaurant's free month or at a fee of 0. `retained`: the
    marketplace kept all of it at source (an online sale), so the restaurant does not owe it; an
    online sale paid through another preference than its checkout's is not retained: it is owed.

    `lines` splits `amount` over the payment's lines in proportion to their amounts, each share
    rounded down to the cent and the cents left over given to the largest remainders (ties: the
    lower line id), so the shares always add up to `amount`. Ordering shows each line's share as
    its `account_pay.transaction_details.comission`. Announced once per payment."""

    type = "billing.commission.accrued"
    payment_id: int  # ordering's payment
    restaurant_id: int
    percent: Decimal
    amount: Decimal
    retained: bool = False
    lines: list[CommissionLine]


class MarketplaceLink(Event):
    """A restaurant's link to its owner's marketplace (MercadoPago) account changed. `occurred_at`
    orders the announcements: a consumer keeps the newest, whatever order they arrive in."""

    restaurant_id: int


class MarketplaceLinked(MarketplaceLink):
    """The owner linked the restaurant to a marketplace account (`POST autorizacion/`): it can take
    online payments. Identity shows it as the restaurant's `mp_active`."""

    type = "billing.marketplace.linked"


class MarketplaceUnlinked(MarketplaceLink):
    """The restaurant has no marketplace account any more: the seller deauthorized the platform's
    application at the provider (the `mp-connect` webhook), or the provider refused to renew its
    tokens. Online payments stop until the owner links an account again."""

    type = "billing.marketplace.unlinked"


class CheckoutLines(Event):
    """An online checkout (issue 22): lines of one table (`place_id`) or of delivery orders
    (`delivery_ids`) that a diner, or staff for a delivery, is paying through the restaurant's
    marketplace account. A line is in at most one open checkout at a time (billing's rule).

    Ordering keeps each line's `pay_status` from these: 'pending' from `opened`, 'rejected' after
    `rejected`, cleared by `closed`, and pays the lines on `approved` through the same transition
    as the counter. Consumers order them by `occurred_at`: an older one never undoes a newer."""

    checkout_id: int
    restaurant_id: int
    place_id: int | None = None
    delivery_ids: list[int] = []
    line_ids: list[int]


class CheckoutOpened(CheckoutLines):
    """A checkout started: its lines cannot be paid another way until it ends (staff may cancel it,
    `pagar-orden/{id}/cancelar-mercadopago/`). `amount` is the lines' total it charges, tips aside."""

    type = "billing.checkout.opened"
    amount: Decimal


class CheckoutRejected(CheckoutLines):
    """The marketplace rejected a payment of the checkout (confirmed with it): the lines show
    'payment rejected'; the diner may try again, or staff cancel the checkout."""

    type = "billing.checkout.rejected"


class CheckoutClosed(CheckoutLines):
    """The checkout ended without paying its lines: staff cancelled it, it expired unpaid, or its
    money went back (a refund after ordering refused it). The lines may be paid another way."""

    type = "billing.checkout.closed"
    reason: Literal["cancelled", "expired", "refunded"]


class CheckoutApproved(CheckoutLines):
    """Every payment of the checkout was approved (confirmed with the marketplace): ordering pays its
    lines as one online payment (`ordering.payment.recorded`, method 'online', this `checkout_id`),
    or refuses (`ordering.checkout.refused`). `amount` is the lines' total (what the sale records);
    `tip` went to the restaurant on top and `fee_retained` is the platform's fee the marketplace
    kept at source (on `amount` only: a tip carries none)."""

    type = "billing.checkout.approved"
    amount: Decimal
    tip: Decimal = Decimal("0.00")
    fee_retained: Decimal = Decimal("0.00")
    paid_at: datetime
    provider_payment_ids: list[str] = []
