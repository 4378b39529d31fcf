"""Each payment's commission is announced back once (billing.commission.accrued), split over its
lines: ordering shows every paid line's share (`account_pay.transaction_details.comission`)."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select

from kit.outbox import OutboxMessage
from kit.testing.membership_tests import publish
from tests.helpers import A, deliver, line, payment, world


async def announced(app) -> list[dict]:
    async with app.state.session_factory() as session:
        rows = (await session.execute(
            select(OutboxMessage.payload).where(OutboxMessage.event_type == "billing.commission.accrued").order_by(OutboxMessage.created_at)
        )).scalars().all()
    return list(rows)


async def test_a_counter_payments_commission_is_announced_split_over_its_lines(app, people):
    first, second = line("Empanada", "Entradas", "150.00", 2), line("Flan", "Postres", "701.00", 1)
    paid = payment(first, second, method="debit")
    await deliver(app, paid)
    [event] = await announced(app)
    assert (event["payment_id"], event["restaurant_id"], event["percent"], event["amount"], event["retained"]) == (
        paid.payment_id, A, "0.50", "5.01", False)
    assert event["lines"] == [{"line_id": first.line_id, "amount": "1.50"}, {"line_id": second.line_id, "amount": "3.51"}]


async def test_an_online_payments_commission_is_announced_as_retained(app, people):
    await deliver(app, payment(line(price="2000.00"), method="online"))
    [event] = await announced(app)
    assert (event["amount"], event["retained"]) == ("10.00", True)


async def test_in_the_free_month_the_commission_announced_is_nothing(app, auth_header):
    await world(app, opened_at=datetime.now(UTC) - timedelta(days=3))
    only = line(price="1000.00")
    await deliver(app, payment(only))
    [event] = await announced(app)
    assert (event["percent"], event["amount"], event["lines"]) == ("0.00", "0.00", [{"line_id": only.line_id, "amount": "0.00"}])


async def test_a_payment_delivered_twice_is_announced_once(app, people):
    paid = payment(line(quantity=3))
    await deliver(app, paid)
    await publish(app, paid)
    await deliver(app, payment(line()))  # processed after the repeat
    assert [e["payment_id"] for e in await announced(app)] == [paid.payment_id, paid.payment_id + 1]
    assert sum(Decimal(e["amount"]) for e in await announced(app)) == Decimal("2.00")
