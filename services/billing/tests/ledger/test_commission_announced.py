"""Each payment's commission is announced back once (billing.commission.accrued), however often its
event is delivered. What it says (its split over the lines, retained online, nothing in the free
month) is tests/unit/test_recording.py's."""
import pytest

from decimal import Decimal

from sqlalchemy import select

from kit.outbox import OutboxMessage
from kit.testing.membership_tests import publish
from tests.helpers import deliver, line, payment


async def announced(app) -> list[dict]:
    async with app.state.session_factory() as session:
        rows = (await session.execute(
            select(OutboxMessage.payload).where(OutboxMessage.event_type == "billing.commission.accrued").order_by(OutboxMessage.created_at)
        )).scalars().all()
    return list(rows)


@pytest.mark.broker  # a repeat that comes round the broker
async def test_a_payment_delivered_twice_is_announced_once(app, people):
    paid = payment(line(quantity=3))
    await deliver(app, paid)
    await publish(app, paid)
    await deliver(app, payment(line()))  # processed after the repeat
    assert [e["payment_id"] for e in await announced(app)] == [paid.payment_id, paid.payment_id + 1]
    assert sum(Decimal(e["amount"]) for e in await announced(app)) == Decimal("2.00")
