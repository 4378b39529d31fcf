"""The free month is the owner's, once (issue 38): it runs from the owner's first restaurant, and a
new restaurant of the same owner starts at the fee the admin set for the owner's restaurants (the
platform's default if none), not at a fresh free month."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from billing.checkout import rules
from billing.store import Store
from contracts import identity
from tests.helpers import A, OWNER_A, deliver, ledger, line, payment, rows

A2 = 12  # the owner of A opens a second restaurant


def opened_by(owner: int, restaurant: int, at: datetime, name: str = "La Esquina 2") -> identity.RestaurantCreated:
    return identity.RestaurantCreated(restaurant_id=restaurant, owner_id=owner, nombre_local=name, occurred_at=at)


async def test_a_new_restaurant_of_an_owner_past_the_free_month_owes_the_fee_from_its_first_sale(app, people):
    # A is long past its free month (the suite's world); its owner opens A2 today
    await deliver(app, opened_by(OWNER_A, A2, datetime.now(UTC) - timedelta(minutes=5)))
    await deliver(app, payment(line(price="1000.00"), restaurant=A2))
    assert [(kind, restaurant, amount) for kind, _, restaurant, amount, *_ in await ledger(app)] == [
        ("sale", A2, Decimal("1000.00")), ("commission_accrued", A2, Decimal("5.00"))]


async def test_another_owners_new_restaurant_still_has_its_free_month(app, people):
    await deliver(app, opened_by(99, A2, datetime.now(UTC) - timedelta(minutes=5), "Otro dueño"))
    await deliver(app, payment(line(price="1000.00"), restaurant=A2))
    assert [kind for kind, *_ in await ledger(app)] == ["sale"]


async def test_deleting_the_first_restaurant_does_not_give_the_month_back(app, people):
    await deliver(app, identity.RestaurantDeleted(restaurant_id=A, owner_id=OWNER_A))
    await deliver(app, opened_by(OWNER_A, A2, datetime.now(UTC)))
    async with app.state.session_factory() as session:
        opened = await Store(session).projections.openings([A2])
    assert opened[A2] < datetime.now(UTC) - timedelta(days=30)


async def test_an_owners_second_restaurant_starts_at_the_fee_the_admin_set_for_the_first(app, client, people):
    assert (await client.put(f"/api/comision-resto/{A}/", json={"application_fee": "1.25"}, headers=people.admin)).status_code == 200
    at = datetime.now(UTC) - timedelta(minutes=1)
    await deliver(app, opened_by(OWNER_A, A2, at))
    shown = (await client.get(f"/api/comision-resto/{A2}/", headers=people.admin)).json()
    assert (shown["application_fee"], datetime.fromisoformat(shown["effective_at"])) == ("1.25", at)
    await deliver(app, payment(line(price="1000.00"), restaurant=A2))
    assert [(kind, amount, percent) for kind, _, restaurant, amount, _, percent in await ledger(app) if restaurant == A2] == [
        ("sale", Decimal("1000.00"), None), ("commission_accrued", Decimal("12.50"), Decimal("1.25"))]
    [(changed_by,)] = await rows(app, "SELECT changed_by FROM fee_change WHERE restaurant_id = :id", id=A2)
    assert changed_by == 0  # taken from the owner's restaurants, not set by an admin
    # announced like any change, so identity's admin rows show it
    announced = await rows(app, "SELECT payload->>'application_fee' FROM outbox_message "
                                "WHERE event_type = 'billing.fee.changed' AND (payload->>'restaurant_id')::int = :id", id=A2)
    assert announced == [("1.25",)]


async def test_online_checkout_asks_the_fee_of_the_owners_month_too(app, people):
    """The checkout's percent reads the same opening as the ledger (`projections.openings`)."""
    await deliver(app, opened_by(OWNER_A, A2, datetime.now(UTC)))
    async with app.state.session_factory() as session:
        opened = (await Store(session).projections.openings([A2]))[A2]
        history = (await Store(session).fees.histories([A2])).get(A2, ())
    assert rules.fee_percent(history, opened, datetime.now(UTC)) == Decimal("0.50")
    assert opened == await _opened(app, A)


async def _opened(app, restaurant: int) -> datetime:
    [(at,)] = await rows(app, "SELECT opened_at FROM restaurant_facts WHERE restaurant_id = :id", id=restaurant)
    return at
