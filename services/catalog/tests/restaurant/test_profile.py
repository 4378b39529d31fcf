"""catalog keeps the restaurant's public profile from identity's events, for the public menu."""
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from catalog.restaurant.models import RestaurantProfile
from contracts.identity import RestaurantCreated, RestaurantDeleted, RestaurantUpdated
from kit.membership import RestaurantMember
from tests.helpers import A, deliver, simple_menu


async def profile(app, restaurant_id=A) -> RestaurantProfile | None:
    async with app.state.session_factory() as session:
        return await session.get(RestaurantProfile, restaurant_id)


async def test_a_new_restaurant_brings_its_owner_and_its_profile(app):
    await deliver(
        app, RestaurantCreated(restaurant_id=A, owner_id=1, nombre_local="La Parrilla", whatsapp="https://wa.me/54911", takeaway=True)
    )
    row = await profile(app)
    assert (row.nombre_local, row.whatsapp, row.takeaway) == ("La Parrilla", "https://wa.me/54911", True)
    async with app.state.session_factory() as session:
        assert await session.scalar(select(RestaurantMember.user_id).where(RestaurantMember.restaurant_id == A)) == 1


async def test_an_older_update_arriving_late_changes_nothing(app):
    now = datetime.now(UTC)
    newer = RestaurantUpdated(restaurant_id=A, owner_id=1, nombre_local="Nuevo", occurred_at=now)
    older = RestaurantUpdated(restaurant_id=A, owner_id=1, nombre_local="Viejo", occurred_at=now - timedelta(minutes=1))
    await deliver(app, newer)
    await deliver(app, older)  # after the newer one
    assert (await profile(app)).nombre_local == "Nuevo"


async def test_a_deleted_restaurant_takes_its_menus_and_profile(client, people, app):
    menu, _, _ = await simple_menu(client, people.owner_a)
    await deliver(app, RestaurantCreated(restaurant_id=A, owner_id=1, nombre_local="La Parrilla"))
    await deliver(app, RestaurantDeleted(restaurant_id=A, owner_id=1))
    assert await profile(app) is None
    assert (await client.get(f"/api/menu/{menu['id']}/", headers=people.admin)).status_code == 404
    assert (await client.get(f"/api/menu/?restaurant={A}", headers=people.owner_a)).status_code == 404
