"""Online payments from ordering's side (issue 22): billing's checkout events hold, release and pay
lines through the unit of work, on the in-memory world."""
from datetime import timedelta
from decimal import Decimal

import pytest

from contracts.billing import CheckoutApproved, CheckoutClosed, CheckoutOpened, CheckoutRejected
from contracts.ordering import CheckoutRefused, LinesChanged, LinesStatusChanged, PaymentRecorded
from ordering.payment.online import checkout_changed
from tests.unit.fakes import NOW, FakePayments, World, said

CHECKOUT = 5


@pytest.fixture
def world() -> World:
    world = World()
    world.place(11)
    world.dish(1, "100.00"), world.dish(2, "250.50")
    return world


def opened(*lines, at=NOW, checkout=CHECKOUT, restaurant=10):
    return CheckoutOpened(checkout_id=checkout, restaurant_id=restaurant, place_id=11, line_ids=[l.id for l in lines],
                          amount=Decimal("0.00"), occurred_at=at)


def approved(*line_ids, at=NOW + timedelta(minutes=2)):
    return CheckoutApproved(checkout_id=CHECKOUT, restaurant_id=10, place_id=11, line_ids=list(line_ids), amount=Decimal("0.00"),
                            paid_at=at, provider_payment_ids=["mp-1", "mp-2"], occurred_at=at)


async def handle(world: World, event) -> None:
    await world.run(checkout_changed, FakePayments(world), event)


async def test_an_open_checkout_holds_its_payable_lines_each_one_version_more_and_announced(world):
    order = world.order(11)
    a, b = world.line(order, 1, status="2"), world.line(order, 2, status="4")
    new, rejected = world.line(order, 1, status="1"), world.line(order, 1, status="3")
    await handle(world, opened(a, b, new, rejected))
    assert [(l.pay_status, l.checkout_id, l.version) for l in (a, b, new, rejected)] == [
        ("pending", CHECKOUT, 2), ("pending", CHECKOUT, 2), (None, None, 1), (None, None, 1)]
    [event] = world.events
    assert isinstance(event, LinesChanged) and event.place_id == 11
    assert [(e.fields, e.before.pay_status, e.line.pay_status, e.line.version) for e in event.edits] == [
        (["payment"], None, "pending", 2), (["payment"], None, "pending", 2)]
    assert world.locks == [("places", (11,)), ("orders", (order.id,)), ("lines", tuple(sorted(l.id for l in (a, b, new, rejected))))]


async def test_a_rejected_payment_shows_and_a_closed_checkout_frees_only_the_lines_it_holds(world):
    order = world.order(11)
    line, elsewhere = world.line(order, 1, status="2"), world.line(order, 2, status="2", pay_status="pending", checkout_id=9)
    await handle(world, opened(line))
    await handle(world, CheckoutRejected(checkout_id=CHECKOUT, restaurant_id=10, line_ids=[line.id],
                                         occurred_at=NOW + timedelta(minutes=1)))
    assert (line.pay_status, line.checkout_id, line.version) == ("rejected", CHECKOUT, 3)
    await handle(world, CheckoutClosed(checkout_id=CHECKOUT, restaurant_id=10, line_ids=[line.id, elsewhere.id],
                                       reason="cancelled", occurred_at=NOW + timedelta(minutes=2)))
    assert (line.pay_status, line.checkout_id, line.version) == (None, None, 4)
    assert (elsewhere.pay_status, elsewhere.checkout_id, elsewhere.version) == ("pending", 9, 1)  # another checkout's
    assert world.kinds() == ["LinesChanged"] * 3


async def test_a_late_opening_never_holds_the_lines_of_a_checkout_already_closed(world):
    line = world.line(world.order(11), 1, status="2")
    await handle(world, CheckoutClosed(checkout_id=CHECKOUT, restaurant_id=10, line_ids=[line.id], reason="expired",
                                       occurred_at=NOW + timedelta(minutes=5)))
    await handle(world, opened(line, at=NOW))
    assert (line.pay_status, line.version, world.events, world.checkouts[CHECKOUT][0]) == (None, 1, [], "closed")


async def test_an_older_event_than_one_applied_changes_nothing(world):
    line = world.line(world.order(11), 1, status="2")
    await handle(world, CheckoutRejected(checkout_id=CHECKOUT, restaurant_id=10, line_ids=[line.id], occurred_at=NOW + timedelta(minutes=3)))
    await handle(world, opened(line, at=NOW))
    assert (line.pay_status, len(world.events)) == ("rejected", 1)


async def test_an_approved_checkout_pays_its_lines_online_as_the_counter_would(world):
    order = world.order(11)
    a, b = world.line(order, 1, status="2", quantity=2), world.line(order, 2, status="4")
    await handle(world, opened(a, b))
    await handle(world, approved(a.id, b.id))
    [payment] = world.payments.values()
    assert (payment.method, payment.amount, payment.checkout_id, payment.open_left, payment.paid_by) == (
        "online", Decimal("450.50"), CHECKOUT, 0, "")
    assert [(l.status, l.pay_status, l.pay_method, l.closed_at is not None) for l in (a, b)] == [("6", "paid", "online", True)] * 2
    assert world.kinds()[1:] == ["LinesStatusChanged", "PlaceReleased", "DishReleased", "TabClosed", "PaymentRecorded"]
    [recorded] = world.announced(PaymentRecorded)
    assert (recorded.provider_payment_id, recorded.checkout_id, recorded.tab_closed, recorded.paid_at) == (
        "mp-1,mp-2", CHECKOUT, True, NOW + timedelta(minutes=2))
    assert world.announced(LinesStatusChanged)[0].payment.method == "online"
    assert world.counted == [("online", Decimal("450.50"))]


async def test_an_approval_after_a_line_was_paid_or_removed_is_refused_and_nothing_is_paid(world):
    order = world.order(11)
    a, b = world.line(order, 1, status="2"), world.line(order, 2, status="4")
    await handle(world, opened(a, b))
    b.status, b.pay_status = "6", "paid"  # paid at the counter once the checkout was cancelled meanwhile
    await handle(world, approved(a.id, b.id))
    await handle(world, approved(a.id, 999))
    refusals = world.announced(CheckoutRefused)
    assert [(r.reason, r.line_ids) for r in refusals] == [("line_final", [b.id])]  # the second: the checkout ended
    assert (a.status, world.payments) == ("2", {})


async def test_an_approval_naming_a_missing_line_is_refused(world):
    line = world.line(world.order(11), 1, status="2")
    await handle(world, approved(line.id, 999))
    assert [(r.reason, r.line_ids) for r in world.announced(CheckoutRefused)] == [("line_missing", [999])]
    assert (line.status, world.payments) == ("2", {})


async def test_a_checkout_naming_another_restaurants_lines_touches_none_of_them(world):
    theirs = world.line(world.order(None, restaurant_id=20, delivery_id=80), 1, status="2")
    await handle(world, opened(theirs))
    assert (theirs.pay_status, theirs.version, world.events, world.locks) == (None, 1, [], [("lines", ())])


def test_a_held_lines_refusal_says_why_in_both_languages():
    from ordering.order.errors import OnlinePaymentPending

    assert said(OnlinePaymentPending([3])) == {
        "detail": "Hay un pago de MercadoPago en curso para este pedido. Cancélelo para cobrarlo de otra forma.",
        "code": "online_payment_pending", "lines": [3]}
    assert said(OnlinePaymentPending([3]), "en")["detail"] == (
        "A MercadoPago payment of this order is under way. Cancel it to take the payment another way.")
    assert OnlinePaymentPending([3]).status_code == 409
