"""A payment of ordering's in the ledger (`ledger.service.record_payments` over fakes): the sale,
its lines, its commission at the fee in force at its moment (owed at the counter; online, what the
marketplace kept at source and the rest owed), the tip apart, each payment once, the daily totals
and the statistics on the restaurant's local day."""
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from billing.checkout.models import APPROVED, PAID, Checkout, CheckoutCharge
from billing.fee.models import FeeChange
from billing.filters import Period
from billing.ledger.service import PaymentAmountMismatch, RestaurantNotKnownYet, online_fee, record_payments
from billing.ledger.rules import COMMISSION_ACCRUED, FEE_RETAINED, Charge
from kit import localtime
from tests.unit.fakes import FakeStore
from tests.unit.steps import A, NOW, OPENED, OWNER_A, line, paid, world

D = Decimal


async def test_a_counter_sale_owes_the_fee_in_force_half_up_announced_over_its_lines():
    store = world()
    payment = paid(lines=[line("300.00"), line("701.00")])
    [accrued] = await record_payments(store, [payment])
    # 0.50 % of 1,001.00 = 5.005 -> 5.01
    assert store.ledger.of() == [("sale", "sale", D("1001.00"), None),
                                 ("commission_accrued", "commission_accrued", D("5.01"), D("0.50"))]
    assert [(l["line_id"], l["amount"]) for l in store.ledger.sale_lines] == [(l.line_id, l.amount) for l in payment.lines]
    assert (accrued.payment_id, accrued.amount, accrued.percent, accrued.retained) == (payment.payment_id, D("5.01"), D("0.50"), False)
    assert [(l.line_id, l.amount) for l in accrued.lines] == [(payment.lines[0].line_id, D("1.50")), (payment.lines[1].line_id, D("3.51"))]
    assert await store.ledger.owed_by(A) == D("5.01")


async def test_the_sale_keeps_who_took_it_where_and_its_lines_as_they_were_placed():
    store = world()
    payment = paid(lines=[line("150.00", 2, dish="Empanada", category="Entradas"), line("701.00", dish="Flan", category="Postres")],
                   method="debit")
    await record_payments(store, [payment])
    [sale] = [row for row in store.ledger.rows if row["kind"] == "sale"]
    assert {name: sale[name] for name in ("payment_id", "place_id", "line_count", "recorded_by", "method", "amount")} == {
        "payment_id": payment.payment_id, "place_id": 11, "line_count": 2, "recorded_by": "mozo@example.com", "method": "debit",
        "amount": D("1001.00")}
    assert [(l["sale_id"], l["dish_name"], l["category_name"], l["unit_price"], l["quantity"], l["amount"])
            for l in store.ledger.sale_lines] == [(sale["id"], "Empanada", "Entradas", D("150.00"), 2, D("300.00")),
                                                  (sale["id"], "Flan", "Postres", D("701.00"), 1, D("701.00"))]


async def test_an_online_sale_without_a_checkout_of_ours_has_the_fee_in_force_retained_at_source():
    store = world()
    [accrued] = await record_payments(store, [paid("2000.00", method="online")])
    assert store.ledger.of() == [("sale", "sale", D("2000.00"), None), ("fee_retained", "fee_retained", D("10.00"), D("0.50"))]
    assert (accrued.amount, accrued.retained) == (D("10.00"), True)
    assert await store.ledger.owed_by(A) == D("0.00")


async def test_a_sale_in_the_free_month_owes_nothing_and_says_so():
    store = FakeStore()
    store.projections.restaurant(A, OWNER_A, NOW - timedelta(days=29, hours=23))
    [accrued] = await record_payments(store, [paid("1000.00")])
    assert store.ledger.of() == [("sale", "sale", D("1000.00"), None)]
    assert (accrued.amount, accrued.percent, [l.amount for l in accrued.lines]) == (D("0.00"), D("0.00"), [D("0.00")])


async def test_a_sale_is_charged_the_fee_of_its_moment_even_when_recorded_after_a_change():
    store = world()
    await store.fees.add(FeeChange(restaurant_id=A, application_fee=D("2.00"), effective_at=NOW, changed_by=9))
    await record_payments(store, [paid("400.00", at=NOW - timedelta(seconds=1)), paid("400.00", at=NOW)])
    assert [(kind, amount, percent) for kind, _, amount, percent in store.ledger.of() if kind != "sale"] == [
        ("commission_accrued", D("2.00"), D("0.50")), ("commission_accrued", D("8.00"), D("2.00"))]


def online_checkout(store: FakeStore, asked: str, shares: list[tuple[str, str]], checkout_id: int = 1) -> int:
    """A checkout of A whose charges were approved: `shares` is each charge's (tip, fee the
    marketplace kept); the fee asked over them all is `asked`."""
    store.checkouts.rows[checkout_id] = Checkout(id=checkout_id, restaurant_id=A, place_id=11, mode="tab", shares=len(shares),
                                                 amount=D("450.50"), fee_percent=D("0.50"), fee=D(asked), account_id=5,
                                                 state=PAID, created_at=NOW)
    for n, (tip, kept) in enumerate(shares, 1):
        store.checkouts.charge_rows.append(CheckoutCharge(id=100 + n, checkout_id=checkout_id, share=n, amount=D("1"), fee=D("0"),
                                                          tip=D(tip), state=APPROVED, fee_retained=D(kept), approved_at=NOW))
    return checkout_id


async def test_an_online_sale_books_what_the_marketplace_kept_and_the_tip_apart_and_owes_nothing():
    store = world()
    checkout = online_checkout(store, "2.25", [("45.05", "2.25")])
    # the admin raised the fee meanwhile: the sale keeps what the marketplace retained
    await store.fees.add(FeeChange(restaurant_id=A, application_fee=D("2.00"), effective_at=NOW - timedelta(days=1), changed_by=9))
    [accrued] = await record_payments(store, [paid("450.50", method="online", checkout_id=checkout)])
    assert store.ledger.of() == [("sale", "sale", D("450.50"), None), ("fee_retained", "fee_retained", D("2.25"), D("0.50")),
                                 ("tip", "tip", D("45.05"), None)]
    assert (accrued.amount, accrued.retained) == (D("2.25"), True)
    assert await store.ledger.owed_by(A) == D("0.00")
    sales = await store.ledger.sales(A, Period(), None)
    assert (sales.amount, sales.commission) == (D("450.50"), D("2.25"))  # the tip is no sale


async def test_an_online_sale_paid_through_another_preference_owes_the_fee_the_marketplace_did_not_keep():
    store = world()
    checkout = online_checkout(store, "2.25", [("0.00", "0.00")])
    [accrued] = await record_payments(store, [paid("450.50", method="online", checkout_id=checkout)])
    assert store.ledger.of() == [("sale", "sale", D("450.50"), None),
                                 ("commission_accrued", "commission_accrued", D("2.25"), D("0.50"))]
    assert (accrued.amount, accrued.retained) == (D("2.25"), False)
    assert await store.ledger.owed_by(A) == D("2.25")


async def test_one_share_paid_elsewhere_owes_only_its_own_fee():
    store = world()
    checkout = online_checkout(store, "0.50", [("0.00", "0.25"), ("0.00", "0.00")])
    await record_payments(store, [paid("100.00", method="online", checkout_id=checkout)])
    assert store.ledger.of()[1:] == [("fee_retained", "fee_retained", D("0.25"), D("0.50")),
                                     ("commission_accrued", "commission_accrued", D("0.25"), D("0.50"))]


def test_the_online_fee_is_what_was_kept_and_what_was_asked_and_not_kept_is_owed():
    percent = D("0.50")
    assert online_fee(percent, D("2.25"), D("2.25")) == [Charge(FEE_RETAINED, percent, D("2.25"))]
    assert online_fee(percent, D("2.25"), D("0.00")) == [Charge(COMMISSION_ACCRUED, percent, D("2.25"))]
    assert online_fee(percent, D("2.25"), D("1.00")) == [Charge(FEE_RETAINED, percent, D("1.00")),
                                                         Charge(COMMISSION_ACCRUED, percent, D("1.25"))]
    assert online_fee(D("0.00"), D("0.00"), D("0.00")) == []  # the free month: nothing asked, nothing kept


async def test_a_payment_is_one_sale_however_often_and_under_whatever_event_it_comes():
    store = world()
    payment = paid("100.00")
    assert len(await record_payments(store, [payment, payment])) == 1
    again = payment.model_copy(update={"event_id": uuid.uuid4()})  # republished by ordering
    assert await record_payments(store, [again]) == []
    assert [kind for kind, *_ in store.ledger.of()] == ["sale", "commission_accrued"]
    assert len(store.ledger.sale_lines) == 1


async def test_a_payment_whose_amount_is_not_its_lines_or_of_a_restaurant_not_known_is_refused():
    store = world()
    wrong = paid("100.00").model_copy(update={"amount": D("99.99")})
    with pytest.raises(PaymentAmountMismatch):
        await record_payments(store, [wrong])
    stranger = paid("100.00", restaurant=99)
    with pytest.raises(RestaurantNotKnownYet):  # its free month is unknown: the consumer retries
        await record_payments(store, [stranger])
    assert store.ledger.rows == [] and store.statistics.rows == {}
    store.projections.restaurant(99, 4, OPENED)  # its creation arrives
    assert len(await record_payments(store, [stranger])) == 1


async def test_a_sale_late_at_night_counts_on_the_restaurants_day_in_the_ledger_and_the_statistics():
    store = world()
    late = datetime(2026, 11, 30, 23, 30, tzinfo=localtime.zone()).astimezone(UTC)  # as events carry it: 02:30 on the 1st
    assert late.date() == date(2026, 12, 1)
    await record_payments(store, [paid(lines=[line("100.00", 2), line("250.50", dish="Milanesa")], at=late),
                                  paid(lines=[line("100.00", 3)], at=late + timedelta(minutes=45), method="debit")])
    assert {row["day"] for row in store.ledger.rows} == {date(2026, 11, 30), date(2026, 12, 1)}
    assert [row["day"] for row in store.ledger.rows if row["kind"] == "sale"] == [date(2026, 11, 30), date(2026, 12, 1)]
    assert store.statistics.rows == {
        (A, date(2026, 11, 30), "cash", "Entradas", "Empanada"): [2, D("200.00")],
        (A, date(2026, 11, 30), "cash", "Entradas", "Milanesa"): [1, D("250.50")],
        (A, date(2026, 12, 1), "debit", "Entradas", "Empanada"): [3, D("300.00")],
    }
    # the daily totals: per restaurant, kind, local day and method
    assert {key: tuple(total.values()) for key, total in store.ledger.totals.items()} == {
        (A, "sale", date(2026, 11, 30), "cash"): (D("450.50"), 2, 1),
        (A, "commission_accrued", date(2026, 11, 30), "cash"): (D("2.25"), 0, 1),
        (A, "sale", date(2026, 12, 1), "debit"): (D("300.00"), 1, 1),
        (A, "commission_accrued", date(2026, 12, 1), "debit"): (D("1.50"), 0, 1),
    }
