"""Events published by the billing service."""
from datetime import datetime
from decimal import Decimal

from contracts.base import Event


class FeeChanged(Event):
    """The admin set a restaurant's application fee (`PUT comision-resto/{id}/`): the platform's
    commission, a percent of each sale made through the platform (0 to 100, two decimals). It
    applies to sales paid from `effective_at` on; earlier sales keep the fee that was in force.
    Identity shows it in the admin's restaurant rows."""

    type = "billing.fee.changed"
    restaurant_id: int
    application_fee: Decimal
    effective_at: datetime
