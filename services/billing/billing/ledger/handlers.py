"""ordering's payments reach the ledger and the statistics (one transaction, with the consumer's
processed-event row)."""
from sqlalchemy.ext.asyncio import AsyncSession

from billing.ledger.service import record_payments
from contracts.ordering import PaymentRecorded


async def on_payment_recorded(session: AsyncSession, event: PaymentRecorded) -> None:
    await record_payments(session, [event])
