"""A payment reaches the ledger once, whatever path it takes: the consumer's processed-event row
and the ledger's own unique keys in PostgreSQL. What a payment books (its sale, lines, commission,
the free month, a refused amount) is tests/unit/test_recording.py's."""
import pytest

from billing.ledger.service import record_payments
from billing.store import Store
from contracts.ordering import PaymentRecorded
from kit.testing.membership_tests import publish
from tests.helpers import A, B, deliver, ledger, line, payment, rows


@pytest.mark.broker  # a repeat that comes round the broker
async def test_the_same_payment_event_delivered_twice_is_recorded_once(app, people):
    paid = payment(line(quantity=3))
    await deliver(app, paid)
    await publish(app, paid)  # the relay republished it (a crash before marking it published)
    await deliver(app, payment(restaurant=B))  # a later event, processed after the repeat
    assert [(kind, r) for kind, _, r, *_ in await ledger(app)] == [
        ("sale", A), ("commission_accrued", A), ("sale", B), ("commission_accrued", B),
    ]
    assert await rows(app, "SELECT sum(quantity) FROM daily_sales WHERE restaurant_id = :r", r=A) == [(3,)]


async def test_the_bulk_path_records_an_event_once_even_without_the_consumers_record(app, people):
    """A rebuild or the benchmark call the bulk path directly: the ledger's own keys hold."""
    paid, again_under_another_event = payment(), None
    again_under_another_event = PaymentRecorded(**{**paid.model_dump(exclude={"event_id"})})
    async with app.state.session_factory() as session, session.begin():
        assert len(await record_payments(Store(session), [paid, paid])) == 1
    async with app.state.session_factory() as session, session.begin():
        assert await record_payments(Store(session), [paid, again_under_another_event]) == []
    assert [kind for kind, *_ in await ledger(app)] == ["sale", "commission_accrued"]
    assert await rows(app, "SELECT count(*) FROM sale_line") == [(1,)]
    assert await rows(app, "SELECT sum(quantity) FROM daily_sales") == [(1,)]
