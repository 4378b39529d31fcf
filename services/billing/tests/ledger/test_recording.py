"""A payment reaches the ledger once: the sale with its method, amount, restaurant, payment and
lines, and the commission it owes at the restaurant's fee at that moment."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from billing.ledger.service import PaymentAmountMismatch, RestaurantNotKnownYet, record_payments
from billing.store import Store
from contracts.ordering import PaymentRecorded
from kit.testing.membership_tests import publish
from tests.helpers import A, B, created, deliver, ledger, line, payment, rows, world


async def test_a_counter_payment_writes_its_sale_its_lines_and_the_commission_owed(app, people):
    paid = payment(line("Empanada", "Entradas", "150.00", 2), line("Flan", "Postres", "701.00", 1), method="debit")
    await deliver(app, paid)
    assert await ledger(app) == [
        ("sale", "sale", A, Decimal("1001.00"), "debit", None),
        ("commission_accrued", "commission_accrued", A, Decimal("5.01"), "debit", Decimal("0.50")),
    ]
    [(payment_id, place_id, line_count, recorded_by)] = await rows(
        app, "SELECT payment_id, place_id, line_count, recorded_by FROM ledger_entry WHERE kind = 'sale'")
    assert (payment_id, place_id, line_count, recorded_by) == (paid.payment_id, 11, 2, "mozo@example.com")
    assert await rows(app, "SELECT dish_name, category_name, unit_price, quantity, amount FROM sale_line ORDER BY id") == [
        ("Empanada", "Entradas", Decimal("150.00"), 2, Decimal("300.00")),
        ("Flan", "Postres", Decimal("701.00"), 1, Decimal("701.00")),
    ]


async def test_an_online_payment_has_its_fee_retained_at_source_and_owes_nothing(app, people):
    await deliver(app, payment(line(price="2000.00"), method="online"))
    assert [(kind, amount) for kind, _, _, amount, _, _ in await ledger(app)] == [
        ("sale", Decimal("2000.00")), ("fee_retained", Decimal("10.00")),
    ]


async def test_a_payment_in_the_free_month_accrues_no_commission(app, auth_header):
    opened = datetime.now(UTC) - timedelta(days=29)
    await world(app, opened_at=opened)
    await deliver(app, payment(line(price="1000.00")))
    assert [kind for kind, *_ in await ledger(app)] == ["sale"]
    await deliver(app, payment(line(price="1000.00"), paid_at=opened + timedelta(days=30)))
    assert [kind for kind, *_ in await ledger(app)] == ["sale", "sale", "commission_accrued"]


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
        assert await record_payments(Store(session), [paid, paid]) == 1
    async with app.state.session_factory() as session, session.begin():
        assert await record_payments(Store(session), [paid, again_under_another_event]) == 0
    assert [kind for kind, *_ in await ledger(app)] == ["sale", "commission_accrued"]
    assert await rows(app, "SELECT count(*) FROM sale_line") == [(1,)]
    assert await rows(app, "SELECT sum(quantity) FROM daily_sales") == [(1,)]


async def test_a_payment_whose_amount_is_not_the_sum_of_its_lines_is_refused(app, people):
    wrong = PaymentRecorded(**{**payment().model_dump(exclude={"event_id", "amount"}), "amount": Decimal("99.99")})
    async with app.state.session_factory() as session, session.begin():
        with pytest.raises(PaymentAmountMismatch):
            await record_payments(Store(session), [wrong])
    assert await ledger(app) == []


async def test_a_payment_of_a_restaurant_billing_has_not_seen_created_waits_for_it(app, people):
    """Its free month is unknown: the handler fails (the consumer retries, then dead-letters)."""
    stranger = payment(restaurant=30)
    async with app.state.session_factory() as session, session.begin():
        with pytest.raises(RestaurantNotKnownYet):
            await record_payments(Store(session), [stranger])
    await deliver(app, created(A, name="x").model_copy(update={"restaurant_id": 30}))
    async with app.state.session_factory() as session, session.begin():
        assert await record_payments(Store(session), [stranger]) == 1
