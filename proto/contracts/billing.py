"""Events published by the billing service."""
from datetime import datetime
from decimal import Decimal

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
    marketplace kept it at source (an online sale), so the restaurant does not owe it.

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
