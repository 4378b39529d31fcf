"""Counter payments (spec part 2 §4 'Payment', 'Table display status', §5, §8) on the in-memory
world: what a payment charges, what it leaves open, when it closes the tab, what it refuses, and a
repeated Idempotency-Key."""
from decimal import Decimal

import pytest

from contracts.ordering import LinesStatusChanged, PaymentRecorded, TabClosed
from ordering.order.errors import LineNotFound, OnlinePaymentPending
from ordering.payment.errors import (
    LineFinal, NewNotPayable, OnlineNotAtCounter, PayMethodInvalid, PaymentKeyReused, PaymentSpansPlaces,
)
from ordering.payment.service import counter_method, pay
from tests.unit.fakes import NOW, OPERATOR_A, OWNER_A, OWNER_B, FakePayments, World, said


async def paying(world: World, *lines, type_pay="Efectivo", key=None, principal=OPERATOR_A):
    return await world.run(pay, FakePayments(world), principal, [line.id for line in lines], type_pay, key, NOW)


@pytest.mark.parametrize(("type_pay", "method"), [
    ("Efectivo", "cash"), ("efectivo", "cash"), ("Débito", "debit"), ("DEBITO", "debit"), ("Credito", "credit"),
    (" crédito ", "credit"), (1, "cash"), ("2", "debit"), (3, "credit"),
])
def test_the_method_is_efectivo_debito_or_credito_or_1_to_3(type_pay, method):
    assert counter_method(type_pay) == method


def test_the_marketplace_is_not_paid_at_the_counter_and_other_methods_are_refused():
    for online in (4, "4", "MercadoPago", "online"):
        with pytest.raises(OnlineNotAtCounter):
            counter_method(online)
    for other in ("bitcoin", 5, "", "0"):
        with pytest.raises(PayMethodInvalid):
            counter_method(other)


async def test_a_payment_charges_the_sum_of_its_lines_and_pays_them_with_it(world):
    order = world.order(11)
    a, b = world.line(order, 2, status="4", quantity=3), world.line(order, 1, status="2")
    still_open = world.line(order, 1, status="1")
    answer = await paying(world, a, b, type_pay="Debito")
    [payment] = world.payments.values()
    assert (answer.amount, answer.method, answer.orders_sit_count, answer.data, answer.payment_id) == (
        Decimal("851.50"), "debit", 1, None, payment.id)
    assert (payment.amount, payment.open_left, payment.method, payment.paid_by, payment.place_id) == (
        Decimal("851.50"), 1, "debit", "user2@example.com", 11)
    assert [(l.status, l.pay_status, l.pay_method, l.payment_id, l.version) for l in (a, b)] == [
        ("6", "paid", "debit", payment.id, 2)] * 2
    assert [(l["id"], l["status"], l["status_pay"], l["total_paid_amount"], l["amount"], l["payable"])
            for l in answer.model_dump(mode="json")["lines"]] == [
        (a.id, "6", "paid", "751.50", "751.50", False), (b.id, "6", "paid", "100.00", "100.00", False)]
    assert world.counted == [("debit", Decimal("851.50"))]
    [moved] = world.announced(LinesStatusChanged)
    [recorded] = world.announced(PaymentRecorded)
    assert (moved.payment.payment_id, moved.payment.amount, moved.payment.method, moved.payment.tab_closed) == (
        payment.id, Decimal("851.50"), "debit", False)
    assert (recorded.amount, recorded.tab_closed, [l.amount for l in recorded.lines]) == (
        Decimal("851.50"), False, [Decimal("751.50"), Decimal("100.00")])
    assert recorded.amount == sum(l.amount for l in recorded.lines) == sum(c.line.amount for c in moved.changes)
    # Dish 1 is still held by the new line, and the table with it; the Milanesa is released.
    assert still_open.closed_at is None and world.kinds() == ["LinesStatusChanged", "DishReleased", "PaymentRecorded"]
    assert world.announced()[1].dish_ids == [2]


async def test_paying_a_tables_last_open_lines_closes_its_tab_after_the_payment(world):
    order = world.order(11)
    rejected = world.line(order, 2, status="3")
    a, b = world.line(order, 1, status="4"), world.line(order, 2, status="2")
    answer = await paying(world, a, b)
    assert answer.orders_sit_count == 0 and world.payments[answer.payment_id].open_left == 0
    assert [l.closed_at is not None for l in (rejected, a, b)] == [True, True, True]
    assert world.kinds() == ["LinesStatusChanged", "PlaceReleased", "DishReleased", "TabClosed", "PaymentRecorded"]
    assert world.events[2].model_dump(include={"order_id", "dish_ids"}) == {"order_id": order.id, "dish_ids": [1, 2]}  # one event
    [moved], [closed], [recorded] = (world.announced(t) for t in (LinesStatusChanged, TabClosed, PaymentRecorded))
    assert (moved.payment.tab_closed, recorded.tab_closed, closed.place_id) == (True, True, 11)
    # The payment belongs to the sitting it ends: announced as happening before the tab it closes.
    assert moved.occurred_at == recorded.occurred_at < closed.occurred_at


async def test_a_line_already_paid_or_rejected_is_final_and_nothing_is_charged(world):
    order = world.order(11)
    paid, rejected = world.line(order, 1, status="6", pay_status="paid"), world.line(order, 1, status="3")
    payable = world.line(order, 2, status="4")
    with pytest.raises(LineFinal) as final:
        await paying(world, payable, paid, rejected)
    assert final.value.status_code == 208
    assert final.value.body["lines"] == [{"id": paid.id, "status": "6"}, {"id": rejected.id, "status": "3"}]
    assert (payable.status, world.payments, world.events, world.counted) == ("4", {}, [], [])


async def test_a_new_line_must_be_accepted_first_and_a_held_one_waits_for_its_online_payment(world):
    order = world.order(11)
    new, held = world.line(order, 1, status="1"), world.line(order, 1, status="4", pay_status="pending", checkout_id=8)
    with pytest.raises(NewNotPayable):
        await paying(world, new)
    with pytest.raises(OnlinePaymentPending) as pending:
        await paying(world, held)
    assert pending.value.body["lines"] == [held.id]
    assert (world.payments, world.events) == ({}, [])


async def test_a_payment_is_one_tables_lines_or_delivery_orders_lines_of_one_restaurant(world):
    at_11, at_12 = world.line(world.order(11), 1, status="4"), world.line(world.order(12), 1, status="4")
    delivery = world.line(world.order(None, delivery_id=70), 1, status="4")
    for lines in ((at_11, at_12), (at_11, delivery)):
        with pytest.raises(PaymentSpansPlaces):
            await paying(world, *lines)
    with pytest.raises(LineNotFound):  # another restaurant's line looks missing
        await paying(world, at_11, principal=OWNER_B)
    assert world.payments == {}


async def test_paying_delivery_orders_answers_their_open_lines_and_keeps_their_status(world):
    first, second = world.order(None, delivery_id=70), world.order(None, delivery_id=71)
    a, left = world.line(first, 1, status="4"), world.line(first, 2, status="2")
    b = world.line(second, 2, status="2")
    answer = await paying(world, a, b)
    assert (answer.orders_sit_count, answer.data.orders_delivery_count) == (None, 1)
    payment = world.payments[answer.payment_id]
    assert (payment.place_id, payment.delivery_id, payment.open_left) == (None, None, 1)  # several deliveries: none named
    assert world.kept == [[70, 71]] and world.delivery_status == {70: ("2", None), 71: ("6", world.delivery_status[71][1])}
    assert world.delivery_status[71][1] is not None  # every line paid: closed
    assert [e.payment.tab_closed for e in world.announced(LinesStatusChanged)] == [False, False]
    assert [e.delivery_id for e in world.announced(LinesStatusChanged)] == [70, 71]
    assert left.status == "2" and world.announced(PaymentRecorded)[0].delivery_id is None


async def test_the_same_key_and_request_answer_the_first_payment_and_record_nothing_more(world):
    order = world.order(11)
    a, b = world.line(order, 1, status="4"), world.line(order, 1, status="4")
    first = await paying(world, a, key="k" * 12)
    again = await paying(world, a, key="k" * 12)
    assert (again.payment_id, again.amount, again.orders_sit_count, [l.id for l in again.lines]) == (
        first.payment_id, first.amount, 1, [a.id])
    assert len(world.payments) == 1 and world.kinds() == ["LinesStatusChanged", "PaymentRecorded"]
    with pytest.raises(PaymentKeyReused):  # another request with the key
        await paying(world, b, key="k" * 12)
    with pytest.raises(PaymentKeyReused):  # another restaurant's staff never get it
        await paying(world, a, key="k" * 12, principal=OWNER_B)
    assert (await paying(world, b, key="x" * 12, principal=OWNER_A)).orders_sit_count == 0


def test_the_refusals_say_why_in_both_languages():
    from ordering.order.errors import CashNotRejectable, PaidOnlyByPayment

    assert said(NewNotPayable()) == {"detail": "Las órdenes nuevas deben aceptarse primero.", "code": "illegal_transition"}
    assert said(NewNotPayable(), "en")["detail"] == "New orders should be accepted first."
    assert said(LineFinal([(7, "6")])) == {"detail": "La orden ya está pagada: no se puede cobrar.", "code": "line_final",
                                           "lines": [{"id": 7, "status": "6"}]}
    assert said(LineFinal([(7, "3")]), "en")["detail"] == "The order is already rejected: it cannot be charged."
    assert said(LineFinal([(7, "6"), (8, "3")]))["detail"] == "Hay órdenes que ya están pagadas o rechazadas: no se cobró ninguna."
    assert said(PayMethodInvalid()) == {"type_pay": ["Elija un medio de pago: Efectivo, Debito o Credito."]}
    assert said(PayMethodInvalid(), "en") == {"type_pay": ["Choose a payment method: Efectivo (cash), Debito (debit) or Credito (credit)."]}
    assert said(OnlineNotAtCounter()) == {"detail": "Los pagos en línea se cobran con el checkout de MercadoPago, no en el mostrador.",
                                          "code": "online_not_at_counter"}
    assert said(PaymentSpansPlaces()) == {"detail": "Un pago cobra las órdenes de una sola mesa, o de pedidos de delivery.",
                                          "code": "payment_spans_places"}
    assert [said(CashNotRejectable(), lang)["detail"] for lang in ("es", "en")] == [
        "Una orden pagada en efectivo no se puede rechazar.", "An order paid in cash cannot be rejected."]
    assert [said(PaidOnlyByPayment(), lang)["detail"] for lang in ("es", "en")] == [
        "Una orden pasa a pagada solo al registrar su pago.", "An order becomes paid only by recording its payment."]
