"""The free month is the owner's, once (issue 38): it runs from the owner's first restaurant's
creation (`rules.free_months`, read by the ledger and by online checkout alike through
`projections.openings`), and a new restaurant of an owner the admin set a fee for starts at that
fee (`fee.service.inherit`), not at the plan's default."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from billing.fee.models import FeeChange
from billing.fee.service import INHERITED, inherit
from billing.ledger.rules import Opening, free_months
from billing.ledger.service import record_payments
from tests.unit.fakes import FakeStore
from tests.unit.steps import paid

D = Decimal
LONG_AGO = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
NOW = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
OWNER, OTHER_OWNER = 2, 3
FIRST, SECOND, STRANGER = 10, 12, 30


def test_every_restaurant_of_an_owner_starts_its_free_month_at_the_owners_first_creation():
    known = [Opening(FIRST, OWNER, LONG_AGO), Opening(SECOND, OWNER, NOW), Opening(STRANGER, OTHER_OWNER, NOW)]
    assert free_months(known, [FIRST, SECOND, STRANGER]) == {FIRST: LONG_AGO, SECOND: LONG_AGO, STRANGER: NOW}
    # opened in any order: the earliest wins
    assert free_months(list(reversed(known)), [SECOND]) == {SECOND: LONG_AGO}


def test_a_restaurant_of_no_known_owner_has_its_own_month_and_one_not_created_yet_none():
    known = [Opening(FIRST, 0, LONG_AGO), Opening(SECOND, 0, NOW), Opening(STRANGER, OWNER, None), Opening(40, OWNER, LONG_AGO)]
    assert free_months(known, [FIRST, SECOND, STRANGER]) == {FIRST: LONG_AGO, SECOND: NOW}
    assert free_months(known, []) == {}


async def test_deleting_the_first_restaurant_does_not_give_the_month_back():
    store = FakeStore()
    store.projections.restaurant(FIRST, OWNER, LONG_AGO, deleted=True)  # its tombstone keeps the date
    store.projections.restaurant(SECOND, OWNER, NOW)
    assert await store.projections.openings([SECOND]) == {SECOND: LONG_AGO}


async def test_a_second_restaurant_of_an_owner_past_the_month_owes_the_fee_from_its_first_sale():
    store = FakeStore()
    store.projections.restaurant(FIRST, OWNER, LONG_AGO)
    store.projections.restaurant(SECOND, OWNER, NOW - timedelta(minutes=5))
    store.projections.restaurant(STRANGER, OTHER_OWNER, NOW - timedelta(minutes=5))
    await record_payments(store, [paid("1000.00", restaurant=SECOND, at=NOW), paid("1000.00", restaurant=STRANGER, at=NOW)])
    assert store.ledger.of(SECOND) == [("sale", "sale", D("1000.00"), None),
                                       ("commission_accrued", "commission_accrued", D("5.00"), D("0.50"))]
    assert store.ledger.of(STRANGER) == [("sale", "sale", D("1000.00"), None)]  # another owner's: its own free month


def fee(restaurant: int, percent: str, at: datetime, by: int = 9) -> FeeChange:
    return FeeChange(restaurant_id=restaurant, application_fee=D(percent), effective_at=at, changed_by=by)


async def test_a_new_restaurant_starts_at_the_newest_fee_the_admin_set_for_its_owners_others_and_says_so():
    store = FakeStore()
    store.projections.restaurant(FIRST, OWNER, LONG_AGO)
    store.projections.restaurant(11, OWNER, LONG_AGO)
    store.projections.restaurant(STRANGER, OTHER_OWNER, LONG_AGO)
    for change in (fee(FIRST, "1.25", NOW - timedelta(days=9)), fee(11, "0.75", NOW - timedelta(days=2)),
                   fee(STRANGER, "3.00", NOW - timedelta(days=1))):
        await store.fees.add(change)
    store.projections.restaurant(SECOND, OWNER, NOW)
    await inherit(store, SECOND, OWNER, NOW)
    [inherited] = [c for c in store.fees.changes if c.restaurant_id == SECOND]
    assert (inherited.application_fee, inherited.effective_at, inherited.changed_by) == (D("0.75"), NOW, INHERITED)
    [announced] = store.events("billing.fee.changed")
    assert (announced.restaurant_id, announced.application_fee, announced.effective_at) == (SECOND, D("0.75"), NOW)
    # the sale it makes an hour later is charged that fee, not the plan's 0.50
    await record_payments(store, [paid("1000.00", restaurant=SECOND, at=NOW + timedelta(hours=1))])
    assert store.ledger.of(SECOND)[1] == ("commission_accrued", "commission_accrued", D("7.50"), D("0.75"))


async def test_inheriting_happens_once_and_a_fee_of_its_own_is_kept():
    store = FakeStore()
    store.projections.restaurant(FIRST, OWNER, LONG_AGO)
    store.projections.restaurant(SECOND, OWNER, NOW)
    await store.fees.add(fee(FIRST, "1.25", NOW - timedelta(days=9)))
    await store.fees.add(fee(SECOND, "0.40", NOW + timedelta(minutes=1)))  # the admin's, for it
    await inherit(store, SECOND, OWNER, NOW - timedelta(minutes=2))  # its creation announced again
    assert [(c.restaurant_id, c.application_fee) for c in store.fees.changes] == [(FIRST, D("1.25")), (SECOND, D("0.40"))]
    assert store.announced == []


async def test_an_owner_without_a_fee_set_or_no_owner_known_inherits_nothing():
    store = FakeStore()
    store.projections.restaurant(FIRST, OWNER, LONG_AGO)
    store.projections.restaurant(SECOND, OWNER, NOW)
    await inherit(store, SECOND, OWNER, NOW)
    await store.fees.add(fee(FIRST, "1.25", NOW - timedelta(days=9)))
    await inherit(store, STRANGER, 0, NOW)
    assert [c.restaurant_id for c in store.fees.changes] == [FIRST] and store.announced == []
