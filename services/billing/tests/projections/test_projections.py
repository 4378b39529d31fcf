"""billing keeps its own copy of identity's restaurants (name, owner, creation) and usernames, in any
event order."""
from datetime import UTC, datetime, timedelta

from billing.projections.models import RestaurantFacts, UserFacts
from contracts import identity
from tests.helpers import A, OWNER_A, created, deliver, registered


async def row(app, model, key):
    async with app.state.session_factory() as session:
        return await session.get(model, key)


def updated(name: str, at: datetime) -> identity.RestaurantUpdated:
    return identity.RestaurantUpdated(restaurant_id=A, owner_id=OWNER_A, nombre_local=name, occurred_at=at)


async def test_a_restaurant_is_known_by_its_name_owner_and_the_day_it_was_created(app):
    opened = datetime(2026, 2, 1, 10, tzinfo=UTC)
    await deliver(app, created(A, opened))
    facts = await row(app, RestaurantFacts, A)
    assert (facts.nombre_local, facts.owner_id, facts.opened_at, facts.deleted) == ("La Esquina", OWNER_A, opened, False)


async def test_the_creation_starts_the_free_month_even_when_a_newer_update_came_first(app):
    opened = datetime(2026, 2, 1, 10, tzinfo=UTC)
    await deliver(app, updated("Nuevo nombre", opened + timedelta(days=3)))
    assert (await row(app, RestaurantFacts, A)).opened_at is None
    await deliver(app, created(A, opened))
    facts = await row(app, RestaurantFacts, A)
    assert (facts.nombre_local, facts.opened_at) == ("Nuevo nombre", opened)
    await deliver(app, updated("Viejo nombre", opened + timedelta(days=1)))  # older than what is kept
    assert (await row(app, RestaurantFacts, A)).nombre_local == "Nuevo nombre"


async def test_a_deleted_restaurant_stays_with_its_name(app):
    opened = datetime(2026, 2, 1, 10, tzinfo=UTC)
    await deliver(app, created(A, opened))
    await deliver(app, identity.RestaurantDeleted(restaurant_id=A, owner_id=OWNER_A))
    facts = await row(app, RestaurantFacts, A)
    assert (facts.deleted, facts.nombre_local, facts.opened_at) == (True, "La Esquina", opened)
    await deliver(app, updated("Tarde", opened + timedelta(days=1)))  # a late update does not revive it
    assert (await row(app, RestaurantFacts, A)).deleted is True


async def test_an_owner_is_known_by_username(app):
    await deliver(app, registered(OWNER_A))
    assert (await row(app, UserFacts, OWNER_A)).username == "dueno.a@example.com"


async def test_a_creation_arriving_after_the_deletion_still_names_the_restaurant_and_opens_its_month(app):
    opened = datetime(2026, 2, 1, 10, tzinfo=UTC)
    await deliver(app, identity.RestaurantDeleted(restaurant_id=A, owner_id=OWNER_A))
    await deliver(app, created(A, opened))
    facts = await row(app, RestaurantFacts, A)
    assert (facts.deleted, facts.nombre_local, facts.opened_at) == (True, "La Esquina", opened)


async def test_a_creation_announced_again_earlier_moves_the_free_month_back_never_forward(app):
    """identity's seed backdates the local demo's restaurant and announces its creation again."""
    opened = datetime(2026, 11, 20, 10, tzinfo=UTC)
    await deliver(app, created(A, opened))
    await deliver(app, created(A, opened - timedelta(days=90)))
    assert (await row(app, RestaurantFacts, A)).opened_at == opened - timedelta(days=90)
    await deliver(app, created(A, opened))
    assert (await row(app, RestaurantFacts, A)).opened_at == opened - timedelta(days=90)
