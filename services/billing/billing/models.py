"""Every table of the billing database (imported by alembic)."""
from billing.checkout.models import Checkout, CheckoutCharge, CheckoutLine, CheckoutPayment, CheckoutRequest
from billing.fee.models import FeeChange
from billing.ledger.models import DailyTotal, LedgerEntry, SaleLine
from billing.marketplace.models import LinkAttempt, MarketplaceAccount, MarketplaceLink
from billing.projections.models import RestaurantFacts, UserFacts
from billing.statistics.models import DailySales
from kit.consumer import ProcessedEvent
from kit.membership import RestaurantMember
from kit.outbox import OutboxMessage

__all__ = [
    "Checkout", "CheckoutCharge", "CheckoutLine", "CheckoutPayment", "CheckoutRequest",
    "DailySales", "DailyTotal", "FeeChange", "LedgerEntry", "LinkAttempt", "MarketplaceAccount", "MarketplaceLink",
    "OutboxMessage", "ProcessedEvent", "RestaurantFacts",
    "RestaurantMember", "SaleLine", "UserFacts",
]
