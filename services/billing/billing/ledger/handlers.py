"""ordering's payments reach the ledger and the statistics (one transaction, with the consumer's
processed-event row), and each one's commission is announced back (ordering keeps every line's share)."""
from sqlalchemy.ext.asyncio import AsyncSession

from billing.ledger.service import record_payments
from billing.store import Store
from contracts.ordering import PaymentRecorded


async def on_payment_recorded(session: AsyncSession, event: PaymentRecorded) -> None:
    store = Store(session)
    for owed in await record_payments(store, [event]):
        store.announce(owed)
