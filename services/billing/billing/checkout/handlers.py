"""What online checkout does with ordering's events."""
import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from billing.checkout.change import CheckoutChange
from billing.checkout.models import PAID
from billing.checkout.payments import refund_refused
from billing.marketplace.runtime import Marketplace
from billing.store import Store
from contracts.ordering import CheckoutRefused, PaymentRecorded

log = structlog.get_logger()


async def on_checkout_refused(session: AsyncSession, event: CheckoutRefused, *, marketplace: Marketplace) -> None:
    """Ordering could not pay an approved checkout's lines: the diners get their money back (a
    refund at the provider) and no sale is recorded. A provider that does not answer fails the
    handler, so the consumer tries again later (nothing here is committed meanwhile)."""
    if await refund_refused(Store(session), marketplace, event.checkout_id, event.restaurant_id):
        log.info("checkout_refunded", checkout=event.checkout_id, reason=event.reason)


async def on_payment_recorded(session: AsyncSession, event: PaymentRecorded) -> None:
    """Ordering paid an approved checkout's lines: the checkout is done (the ledger records the
    sale, the fee the marketplace retained and the tip, `ledger.service`)."""
    if event.method != "online" or event.checkout_id is None:
        return
    async with CheckoutChange.locking(Store(session), event.checkout_id, event.restaurant_id) as change:
        if change is None:
            log.warning("checkout_paid_unknown", checkout=event.checkout_id, payment=event.payment_id)
        elif change.may(PAID):
            await change.paid(event.payment_id)
