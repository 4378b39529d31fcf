"""The provider's payments applied to a checkout (`checkout.payments`, over fakes of the repositories
and of the provider): the fee counts as kept only through the charge's own preference (what the
marketplace kept; otherwise it is owed), money that cannot pay goes back, a payment given back
after its sale gives back its part of the sale, tip and fee, and a checkout ordering refused or
staff cancel gives its money back and ends."""
from datetime import timedelta
from decimal import Decimal
from types import SimpleNamespace

import pytest

from billing.checkout.change import CheckoutChange
from billing.checkout.errors import CheckoutAlreadyApproved, SaleNotRecordedYet
from billing.checkout.models import APPROVED, CANCELLED, OPEN, PAID, PENDING, REFUNDED, REJECTED, CheckoutCharge
from billing.checkout.payments import apply_payment, fee_kept, preference_paid, refund_refused
from billing.checkout.service import cancel
from billing.filters import Period
from billing.ledger.rules import SALE, TIP, given_back
from billing.ledger.service import record_payments
from kit.auth import OWNER
from kit.errors import NotFound
from kit.tokens import Principal
from tests.unit.fakes import FakeMarketplace, FakeStore
from tests.unit.steps import A, NOW, OWNER_A, line, paid, world
from tests.unit.test_checkout_states import opened

D = Decimal
SELLER = 5
OWNER_OF_A = Principal(user_id=OWNER_A, username="dueno.a@example.com", groups=(OWNER,), token_id="t", issued_at=0, expires_at=0)
STRANGER = Principal(user_id=77, username="otro@example.com", groups=(OWNER,), token_id="t", issued_at=0, expires_at=0)


def payment(payment_id: str, status: str = "approved", amount: str = "450.50", reference: str = "ref-1", order: str = "80",
            kept: str = "2.25", **more) -> dict:
    """The provider's payment as `GET /v1/payments/{id}` answers it."""
    return {"id": int(payment_id), "status": status, "external_reference": reference, "collector_id": SELLER,
            "transaction_amount": float(D(amount)), "currency_id": "ARS", "date_approved": (NOW + timedelta(minutes=2)).isoformat(),
            "order": {"id": int(order)}, "fee_details": [{"type": "mercadopago_fee", "amount": 20.0},
                                                         {"type": "application_fee", "amount": float(D(kept))}], **more}


async def checkout_world(shares: int = 1, tip: str = "0.00"):
    """A's table paying 450.50 (fee 2.25) online through seller 5, its first charge handed out."""
    store, marketplace = world(), FakeMarketplace()
    store.links.link(A, SELLER)
    change = await opened(store, shares=shares)
    store.checkouts.charge_rows[0].tip = D(tip)
    marketplace.api.orders["80"] = {"id": 80, "preference_id": "pref-1"}  # the charge's own preference
    marketplace.api.orders["81"] = {"id": 81, "preference_id": "the-sellers-own"}
    store.announced.clear()
    return store, marketplace, change.checkout


def test_a_fee_counts_as_ours_only_through_the_charges_own_preference():
    charge = CheckoutCharge(preference_id="123-ours", fee=D("2.25"))
    sent = {"fee_details": [{"type": "mercadopago_fee", "amount": 20.0}, {"type": "application_fee", "amount": 2.25}]}
    assert fee_kept(charge, sent, "123-ours") == D("2.25")
    assert fee_kept(charge, sent, "123-theirs") == D("0.00")  # another application's fee, not ours
    assert fee_kept(charge, sent, None) == D("0.00")
    assert fee_kept(CheckoutCharge(preference_id=None, fee=D("2.25")), sent, None) == D("0.00")


async def test_the_preference_paid_is_the_one_its_merchant_order_names():
    store, marketplace, _ = await checkout_world()
    assert await preference_paid(store, marketplace, SELLER, payment("1")) == "pref-1"
    assert await preference_paid(store, marketplace, SELLER, payment("2", order="81")) == "the-sellers-own"
    assert await preference_paid(store, marketplace, SELLER, payment("3", order="82")) is None  # no such order of the seller's
    asked = list(marketplace.api.asked)
    assert await preference_paid(store, marketplace, SELLER, {"order": {"id": "x"}}) is None
    assert marketplace.api.asked == asked == [("merchant_order", "80"), ("merchant_order", "81"), ("merchant_order", "82")]


async def test_a_payment_through_the_charges_preference_approves_it_with_the_fee_kept():
    store, marketplace, checkout = await checkout_world()
    await apply_payment(store, marketplace, payment("1001"))
    [charge] = store.checkouts.charge_rows
    assert (checkout.state, charge.state, charge.fee_retained) == (APPROVED, APPROVED, D("2.25"))
    [approved] = store.announced
    assert (approved.type, approved.amount, approved.fee_retained, approved.provider_payment_ids) == (
        "billing.checkout.approved", D("450.50"), D("2.25"), ["1001"])
    # the same news again, or an older status arriving late, changes nothing
    await apply_payment(store, marketplace, payment("1001"))
    await apply_payment(store, marketplace, payment("1001", status="pending"))
    assert len(store.announced) == 1 and (await store.checkouts.payment("1001")).status == "approved"


async def test_a_payment_through_another_preference_pays_the_lines_and_the_whole_fee_is_owed():
    store, marketplace, checkout = await checkout_world()
    # the seller's own preference may carry a fee of its own: it is not ours
    await apply_payment(store, marketplace, payment("1002", order="81", kept="1.00"))
    [approved] = store.announced
    assert (checkout.state, approved.fee_retained) == (APPROVED, D("0.00"))
    async with CheckoutChange.locking(store, checkout.id) as paying:
        await paying.paid(7001)
    await record_payments(store, [paid(lines=[line("200.00"), line("250.50")], method="online", checkout_id=checkout.id,
                                       payment_id=7001)])
    assert [(kind, amount) for kind, _, amount, _ in store.ledger.of()] == [("sale", D("450.50")), ("commission_accrued", D("2.25"))]
    assert await store.ledger.owed_by(A) == D("2.25")


@pytest.mark.parametrize("sent, why", [
    ({"currency_id": "USD"}, "mismatch"),  # the right amount in another currency
    ({"transaction_amount": 450.49}, "mismatch"),
])
async def test_a_payment_that_cannot_pay_the_charge_goes_back_at_once(sent, why):
    store, marketplace, checkout = await checkout_world()
    marketplace.api.payments["1003"] = payment("1003", **sent)
    await apply_payment(store, marketplace, marketplace.api.payments["1003"])
    row = await store.checkouts.payment("1003")
    assert (row.status, row.undone, marketplace.api.payments["1003"]["status"]) == ("refunded", why, "refunded")
    assert (checkout.state, store.checkouts.charge_rows[0].state, store.announced) == (OPEN, PENDING, [])


async def test_a_second_payment_of_a_paid_charge_and_one_after_the_checkout_ended_go_back():
    store, marketplace, checkout = await checkout_world()
    await apply_payment(store, marketplace, payment("1004"))
    marketplace.api.payments["1005"] = payment("1005")
    await apply_payment(store, marketplace, marketplace.api.payments["1005"])
    assert (await store.checkouts.payment("1005")).undone == "twice"

    store, marketplace, checkout = await checkout_world()
    async with CheckoutChange.locking(store, checkout.id) as ending:
        await ending.end(CANCELLED)
    marketplace.api.payments["1006"] = payment("1006")  # the diner still had the provider's page open
    await apply_payment(store, marketplace, marketplace.api.payments["1006"])
    assert ((await store.checkouts.payment("1006")).undone, marketplace.api.payments["1006"]["status"]) == ("late", "refunded")


async def test_a_rejected_payment_may_be_tried_again_and_a_payment_of_another_seller_or_reference_is_ignored():
    store, marketplace, checkout = await checkout_world()
    await apply_payment(store, marketplace, payment("1007", status="rejected"))
    assert (store.checkouts.charge_rows[0].state, [e.type for e in store.announced]) == (REJECTED, ["billing.checkout.rejected"])
    await apply_payment(store, marketplace, payment("1008", status="pending"))
    assert store.checkouts.charge_rows[0].state == PENDING
    await apply_payment(store, marketplace, payment("1009", collector_id=99))
    await apply_payment(store, marketplace, payment("1010", reference="not-ours"))
    assert await store.checkouts.payment("1009") is None and await store.checkouts.payment("1010") is None


async def sold(tip: str = "45.05"):
    """The table paid 450.50 and a tip online, and ordering's payment 7001 is its sale."""
    store, marketplace, checkout = await checkout_world(tip=tip)
    await apply_payment(store, marketplace, payment("2001", amount=str(D("450.50") + D(tip))))
    async with CheckoutChange.locking(store, checkout.id) as paying:
        await paying.paid(7001)
    await record_payments(store, [paid(lines=[line("200.00"), line("250.50")], method="online", checkout_id=checkout.id,
                                       payment_id=7001)])
    return store, marketplace, checkout


async def figures(store: FakeStore) -> tuple:
    sales = await store.ledger.sales(A, Period(), None)
    tips = sum((r["amount"] for r in store.ledger.rows if r["counts_as"] == TIP), D("0.00"))
    return sales.amount, sales.commission, tips


async def test_a_payment_given_back_after_its_sale_gives_back_its_part_of_the_sale_tip_and_fee_in_parts_adding_up():
    store, marketplace, _ = await sold()
    assert await figures(store) == (D("450.50"), D("2.25"), D("45.05"))
    await apply_payment(store, marketplace, payment("2001", amount="495.55", transaction_amount_refunded=99.11))  # a fifth
    assert await figures(store) == (D("360.40"), D("1.80"), D("36.04"))
    await apply_payment(store, marketplace, payment("2001", amount="495.55", transaction_amount_refunded=99.11))  # again
    assert len([r for r in store.ledger.rows if r["kind"] == "refund"]) == 3
    await apply_payment(store, marketplace, payment("2001", status="refunded", amount="495.55", transaction_amount_refunded=495.55))
    assert await figures(store) == (D("0.00"), D("0.00"), D("0.00"))
    assert (await store.checkouts.payment("2001")).refunded == D("495.55")


async def test_a_chargeback_gives_back_all_of_it():
    store, marketplace, _ = await sold(tip="0.00")
    await apply_payment(store, marketplace, payment("2001", status="charged_back"))
    assert await figures(store) == (D("0.00"), D("0.00"), D("0.00"))


async def test_money_given_back_before_the_sale_is_recorded_is_asked_for_again():
    store, marketplace, checkout = await checkout_world()
    await apply_payment(store, marketplace, payment("2002"))
    with pytest.raises(SaleNotRecordedYet):
        await apply_payment(store, marketplace, payment("2002", transaction_amount_refunded=10.0))
    assert (checkout.state, store.ledger.rows) == (APPROVED, [])


def test_a_refund_gives_back_in_proportion_over_the_running_total():
    paid_, tip, retained = D("495.55"), D("45.05"), D("2.25")
    assert given_back(D("99.11"), paid_, tip, retained, D("0.00"))[SALE] == D("90.10")
    # what two halves give back together is what the whole gives back
    halves = given_back(paid_ / 2, paid_, tip, retained, D("0.00"))
    whole = given_back(paid_, paid_, tip, retained, D("0.00"))
    assert whole == {SALE: D("450.50"), TIP: D("45.05"), "fee_retained": D("2.25"), "commission_accrued": D("0.00")}
    assert halves[SALE] + (whole[SALE] - halves[SALE]) == D("450.50")


async def test_a_checkout_ordering_refused_is_refunded_at_the_provider_and_ends_once():
    store, marketplace, checkout = await checkout_world()
    marketplace.api.payments["3001"] = payment("3001")
    await apply_payment(store, marketplace, marketplace.api.payments["3001"])
    store.announced.clear()
    assert await refund_refused(store, marketplace, checkout.id, A) is True
    assert (checkout.state, store.checkouts.charge_rows[0].state, marketplace.api.payments["3001"]["status"]) == (
        REFUNDED, REFUNDED, "refunded")
    assert [(e.type, e.reason) for e in store.announced] == [("billing.checkout.closed", "refunded")]
    assert await refund_refused(store, marketplace, checkout.id, A) is False  # done before
    assert await refund_refused(store, marketplace, checkout.id + 1, A) is False  # unknown
    assert len(store.announced) == 1


async def test_a_paid_checkout_is_not_refunded_when_a_refusal_arrives_late():
    store, marketplace, checkout = await sold(tip="0.00")
    store.announced.clear()
    assert await refund_refused(store, marketplace, checkout.id, A) is False
    assert (checkout.state, store.announced) == (PAID, [])


async def test_staff_cancel_the_checkout_holding_a_line_its_waiting_payment_cancelled_at_the_provider():
    store, marketplace, checkout = await checkout_world()
    marketplace.api.payments["4001"] = payment("4001", status="pending")
    await apply_payment(store, marketplace, marketplace.api.payments["4001"])
    checkouts = SimpleNamespace(marketplace=marketplace)
    with pytest.raises(NotFound):
        await cancel(store, checkouts, STRANGER, 5001)  # another restaurant's staff: as if there were none
    answer = await cancel(store, checkouts, OWNER_OF_A, 5001)
    assert answer.model_dump() == {"checkout": checkout.id, "state": "cancelled", "lines": [5001, 5002], "refunded": [],
                                   "cancelled": ["4001"]}
    assert (checkout.state, [e.type for e in store.announced]) == (CANCELLED, ["billing.checkout.closed"])
    with pytest.raises(NotFound):
        await cancel(store, checkouts, OWNER_OF_A, 5001)  # no checkout holds it now


async def test_an_approved_checkout_is_not_cancelled():
    store, marketplace, checkout = await checkout_world()
    await apply_payment(store, marketplace, payment("4002"))
    with pytest.raises(CheckoutAlreadyApproved):
        await cancel(store, SimpleNamespace(marketplace=marketplace), OWNER_OF_A, 5001)
    assert checkout.state == APPROVED
