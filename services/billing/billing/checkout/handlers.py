"""What online checkout does with ordering's events."""
import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from billing.checkout import repository, runtime
from billing.checkout.models import APPROVED, OPEN, PAID
from billing.checkout.payments import refund_refused
from contracts.ordering import CheckoutRefused, PaymentRecorded

log = structlog.get_logger()


async def on_checkout_refused(session: AsyncSession, event: CheckoutRefused) -> None:
    """Ordering could not pay an approved checkout's lines: the diners get their money back (a
    refund at the provider) and no sale is recorded. A provider that does not answer fails the
    handler, so the consumer tries again later (nothing here is committed meanwhile)."""
    checkouts = runtime.current()
    if await refund_refused(session, checkouts.marketplace, event.checkout_id, event.restaurant_id):
        log.info("checkout_refunded", checkout=event.checkout_id, reason=event.reason)


async def on_payment_recorded(session: AsyncSession, event: PaymentRecorded) -> None:
    """Ordering paid an approved checkout's lines: the checkout is done (the ledger records the
    sale, the fee the marketplace retained and the tip, `ledger.service`)."""
    if event.method != "online" or event.checkout_id is None:
        return
    checkout = await repository.checkout(session, event.checkout_id, lock=True)
    if checkout is None or checkout.restaurant_id != event.restaurant_id:
        log.warning("checkout_paid_unknown", checkout=event.checkout_id, payment=event.payment_id)
        return
    if checkout.state in (OPEN, APPROVED):
        if checkout.state == OPEN:
            log.warning("checkout_paid_before_approved", checkout=checkout.id)
        checkout.state, checkout.payment_id = PAID, event.payment_id
        await repository.release(session, checkout.id)
