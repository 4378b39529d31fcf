"""Where a checkout may go (`models.TRANSITIONS`) and its unit of work (`checkout.change`): locked
before its charges, moved only along the table, its lines let go when it stops holding them, its
announcements written on the way out and none when the change fails."""
from datetime import timedelta
from decimal import Decimal

import pytest

from billing.checkout.change import CheckoutChange, MoveRefused
from billing.checkout.errors import LinesInCheckout
from billing.checkout.models import (
    APPROVED, CANCELLED, EXPIRED, OPEN, PAID, PENDING, REFUNDED, REJECTED, TRANSITIONS, UNASSIGNED, Checkout, CheckoutCharge,
    CheckoutPayment,
)
from tests.unit.fakes import FakeStore
from tests.unit.steps import A, NOW

D = Decimal
LINES = [(5002, D("250.50")), (5001, D("200.00"))]


def test_a_checkout_moves_only_along_its_table():
    assert TRANSITIONS == {
        OPEN: {APPROVED, PAID, CANCELLED, EXPIRED},
        APPROVED: {PAID, REFUNDED},
        PAID: set(), CANCELLED: set(), EXPIRED: set(), REFUNDED: set(),
    }


async def opened(store: FakeStore, shares: int = 1, place_id: int | None = 11, delivery_id: int | None = None,
                 lines=LINES) -> CheckoutChange:
    """A checkout of A holding `lines`, with `shares` charges of 450.50 / shares (the first handed out)."""
    checkout = Checkout(restaurant_id=A, place_id=place_id, delivery_id=delivery_id, mode="tab" if shares == 1 else "share",
                        shares=shares, amount=sum((amount for _, amount in lines), D("0.00")), fee_percent=D("0.50"),
                        fee=D("2.25"), account_id=5, state=OPEN, created_at=NOW)
    charges = [CheckoutCharge(share=n, amount=D("450.50") / shares, fee=D("2.25") / shares, tip=D("0.00"),
                              state=PENDING if n == 1 else UNASSIGNED, reference=f"ref-{n}", preference_id=f"pref-{n}")
               for n in range(1, shares + 1)]
    async with CheckoutChange(store, checkout) as change:
        await change.open(lines, charges)
    return change


async def test_opening_holds_its_lines_and_announces_it_once_written():
    store = FakeStore()
    change = await opened(store, delivery_id=77, place_id=None)
    [announced] = store.announced
    assert announced.type == "billing.checkout.opened"
    assert announced.model_dump(include={"checkout_id", "restaurant_id", "place_id", "delivery_ids", "line_ids", "amount"}) == {
        "checkout_id": change.checkout.id, "restaurant_id": A, "place_id": None, "delivery_ids": [77], "line_ids": [5001, 5002],
        "amount": D("450.50")}
    assert await store.checkouts.held_elsewhere([5001, 5002, 5003]) == {5001, 5002}
    assert [c.checkout_id for c in store.checkouts.charge_rows] == [change.checkout.id]


async def test_a_line_another_checkout_holds_fails_the_opening_and_nothing_is_announced():
    store = FakeStore()
    await opened(store)
    with pytest.raises(LinesInCheckout):
        await opened(store, lines=[(5003, D("10.00")), (5001, D("200.00"))])
    assert [e.type for e in store.announced] == ["billing.checkout.opened"]


async def test_a_change_that_fails_announces_nothing():
    store = FakeStore()
    change = await opened(store)
    store.announced.clear()
    with pytest.raises(RuntimeError):
        async with CheckoutChange.locking(store, change.checkout.id) as again:
            await again.end(CANCELLED)
            raise RuntimeError("the provider did not answer")
    assert store.announced == []


async def test_the_checkout_is_locked_before_its_charges():
    store = FakeStore()
    change = await opened(store)
    store.locks.clear()
    async with CheckoutChange.locking(store, change.checkout.id) as again:
        await again.charges()
        await again.charges()  # locked once
    assert store.locks == [("checkout", change.checkout.id), ("charges", change.checkout.id)]


async def test_a_missing_or_another_restaurants_checkout_is_no_change():
    store = FakeStore()
    change = await opened(store)
    async with CheckoutChange.locking(store, 999) as missing:
        assert missing is None
    async with CheckoutChange.locking(store, change.checkout.id, restaurant_id=A + 1) as foreign:
        assert foreign is None
    async with CheckoutChange.holding(store, 4242) as none:
        assert none is None
    async with CheckoutChange.holding(store, 5002) as holding:
        assert holding.checkout is change.checkout


def approve(row_id: str, charge: CheckoutCharge, fee: str, minutes: int) -> CheckoutPayment:
    return CheckoutPayment(provider_payment_id=row_id, charge_id=charge.id, status="approved", amount=charge.amount + charge.tip,
                           application_fee=D(fee), approved_at=NOW + timedelta(minutes=minutes), updated_at=NOW, undone="")


async def test_the_checkout_is_approved_once_every_charge_is_and_says_what_was_kept_and_tipped():
    store = FakeStore()
    change = await opened(store, shares=2)
    store.announced.clear()
    first, second = store.checkouts.charge_rows
    first.tip, second.tip = D("22.53"), D("10.00")
    async with CheckoutChange.locking(store, change.checkout.id) as paying:
        row = approve("9001", first, "1.13", 3)
        store.checkouts.add_payment(row)
        await paying.charge_approved(first, row)
    assert (change.checkout.state, first.state, first.fee_retained, store.announced) == (OPEN, APPROVED, D("1.13"), [])
    async with CheckoutChange.locking(store, change.checkout.id) as paying:
        row = approve("9002", second, "0.00", 1)  # through another preference: nothing kept for us
        store.checkouts.add_payment(row)
        await paying.charge_approved(second, row)
    assert (change.checkout.state, change.checkout.approved_at) == (APPROVED, NOW + timedelta(minutes=3))
    [approved] = store.announced
    assert (approved.type, approved.amount, approved.tip, approved.fee_retained, approved.paid_at, approved.line_ids,
            sorted(approved.provider_payment_ids)) == (
        "billing.checkout.approved", D("450.50"), D("32.53"), D("1.13"), NOW + timedelta(minutes=3), [5001, 5002], ["9001", "9002"])
    assert await store.checkouts.held_elsewhere([5001]) == {5001}  # approved still holds its lines


async def test_paying_lets_the_lines_go_and_announces_nothing():
    store = FakeStore()
    change = await opened(store)
    change.checkout.state = APPROVED
    store.announced.clear()
    async with CheckoutChange.locking(store, change.checkout.id) as paying:
        assert paying.may(PAID)
        await paying.paid(7001)
    assert (change.checkout.state, change.checkout.payment_id, store.announced) == (PAID, 7001, [])
    assert await store.checkouts.held_elsewhere([5001, 5002]) == set()


async def test_a_paid_or_ended_checkout_moves_no_more():
    store = FakeStore()
    change = await opened(store)
    async with CheckoutChange.locking(store, change.checkout.id) as paying:
        await paying.paid(7001)  # ordering's payment came before the approval: allowed, logged
        for move in (paying.end(CANCELLED), paying.paid(7002)):
            with pytest.raises(MoveRefused):
                await move
    assert change.checkout.payment_id == 7001
    with pytest.raises(MoveRefused):
        await (await opened(FakeStore())).end(PAID)  # not a way to end


@pytest.mark.parametrize("reason, unassigned_becomes", [(CANCELLED, CANCELLED), (EXPIRED, EXPIRED), (REFUNDED, CANCELLED)])
async def test_ending_ends_its_charges_lets_its_lines_go_and_announces_why(reason, unassigned_becomes):
    store = FakeStore()
    change = await opened(store, shares=3)
    if reason == REFUNDED:
        change.checkout.state = APPROVED
    store.announced.clear()
    first, second, third = store.checkouts.charge_rows
    first.state, second.state = APPROVED, REJECTED
    async with CheckoutChange.locking(store, change.checkout.id) as ending:
        assert await ending.end(reason) == [5001, 5002]
    assert (change.checkout.state, change.checkout.ended_at is not None) == (reason, True)
    # an approved share's money went back before it ended
    assert [c.state for c in (first, second, third)] == [REFUNDED, unassigned_becomes, unassigned_becomes]
    [closed] = store.announced
    assert (closed.type, closed.reason, closed.line_ids, closed.place_id) == ("billing.checkout.closed", reason, [5001, 5002], 11)
    assert await store.checkouts.held_elsewhere([5001, 5002]) == set()


async def test_a_rejected_payment_is_announced_while_open_and_a_new_try_waits_again():
    store = FakeStore()
    change = await opened(store)
    store.announced.clear()
    [charge] = store.checkouts.charge_rows
    async with CheckoutChange.locking(store, change.checkout.id) as paying:
        await paying.charge_rejected(charge)
    assert (charge.state, [e.type for e in store.announced]) == (REJECTED, ["billing.checkout.rejected"])
    async with CheckoutChange.locking(store, change.checkout.id) as paying:
        paying.charge_waiting(charge)
    assert charge.state == PENDING
    change.checkout.state = APPROVED
    async with CheckoutChange.locking(store, change.checkout.id) as paying:
        await paying.charge_rejected(charge)  # too late to matter
    assert charge.state == PENDING and len(store.announced) == 1
