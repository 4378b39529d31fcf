"""ordering keeps its own copy of what it needs from catalog, floor and identity, in any event order."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from contracts import catalog, floor, identity
from ordering.projections.models import DishFacts, MenuFacts, PlaceFacts, RestaurantSettings
from tests.helpers import A, MENU_A, deliver, dish, place, profile, token_hash


async def row(app, model, key):
    async with app.state.session_factory() as session:
        return await session.get(model, key)


async def test_a_dish_is_known_with_its_name_price_and_state_and_a_late_older_change_is_ignored(app):
    now = datetime.now(UTC)
    newer = catalog.DishChanged(**{**dish(1, price="120.00").model_dump(exclude={"event_id", "occurred_at"}), "occurred_at": now})
    older = catalog.DishChanged(**{**dish(1, price="90.00", disable=True).model_dump(exclude={"event_id", "occurred_at"}), "occurred_at": now - timedelta(seconds=5)})
    await deliver(app, newer)
    await deliver(app, older)
    facts = await row(app, DishFacts, 1)
    assert (facts.name, facts.price, facts.disable, facts.restaurant_id) == ("Plato 1", Decimal("120.00"), False, A)


async def test_bulk_price_changes_and_deletions_reach_the_dish(app):
    await deliver(app, dish(1), dish(2))
    await deliver(app, catalog.PricesChanged(restaurant_id=A, menu_id=MENU_A, prices=[catalog.DishPrice(dish_id=1, price=Decimal("150.00"))]))
    await deliver(app, catalog.DishDeleted(dish_id=2, restaurant_id=A, menu_id=MENU_A))
    assert (await row(app, DishFacts, 1)).price == Decimal("150.00")
    assert (await row(app, DishFacts, 2)).deleted is True
    # a 'changed' older than the deletion cannot bring the dish back
    late = catalog.DishChanged(**{**dish(2).model_dump(exclude={"event_id", "occurred_at"}), "occurred_at": datetime.now(UTC) - timedelta(minutes=1)})
    await deliver(app, late)
    assert (await row(app, DishFacts, 2)).deleted is True


async def test_a_deleted_menu_takes_its_dishes_out_of_ordering(app):
    await deliver(app, catalog.MenuCreated(menu_id=MENU_A, restaurant_id=A, name="Carta"), dish(1))
    await deliver(app, catalog.MenuDeleted(menu_id=MENU_A, restaurant_id=A))
    assert (await row(app, MenuFacts, MENU_A)).deleted is True
    assert (await row(app, DishFacts, 1)).deleted is True


async def test_a_place_is_known_by_its_token_hash_and_a_new_token_replaces_the_old(app):
    await deliver(app, place(11, token="viejo"))
    await deliver(app, floor.PlaceChanged(**{**place(11, token="nuevo").model_dump(exclude={"event_id", "occurred_at", "type"})}))
    facts = await row(app, PlaceFacts, 11)
    assert facts.token_hash == token_hash("nuevo") and facts.name == "M11" and facts.restaurant_id == A
    await deliver(app, floor.PlaceRemoved(place_id=11, restaurant_id=A))
    assert (await row(app, PlaceFacts, 11)).deleted is True


async def test_the_restaurant_settings_come_from_identity(app):
    await deliver(app, identity.RestaurantCreated(restaurant_id=A, owner_id=1, nombre_local="La Esquina", wait_time=15))
    await deliver(app, profile(A, nombre_local="La Esquina", wait_time=20, stop_orders=True))
    settings = await row(app, RestaurantSettings, A)
    assert (settings.nombre_local, settings.wait_time, settings.stop_orders) == ("La Esquina", 20, True)
    await deliver(app, identity.RestaurantDeleted(restaurant_id=A, owner_id=1))
    assert (await row(app, RestaurantSettings, A)).deleted is True


async def test_the_restaurants_whatsapp_link_and_take_away_come_from_identity_and_leave_with_it(app):
    await deliver(app, identity.RestaurantCreated(restaurant_id=A, owner_id=1, nombre_local="La Esquina"))
    settings = await row(app, RestaurantSettings, A)
    assert (settings.whatsapp, settings.takeaway) == ("", False)
    await deliver(app, profile(A, whatsapp="https://wa.me/5491145678900", takeaway=True))
    settings = await row(app, RestaurantSettings, A)
    assert (settings.whatsapp, settings.takeaway) == ("https://wa.me/5491145678900", True)
    await deliver(app, identity.RestaurantDeleted(restaurant_id=A, owner_id=1))
    settings = await row(app, RestaurantSettings, A)
    assert (settings.whatsapp, settings.takeaway, settings.deleted) == ("", False, True)



async def test_a_categorys_name_is_known_a_late_older_rename_is_ignored_and_a_deletion_stays(app):
    from ordering.projections.models import CategoryFacts
    from tests.helpers import category

    now = datetime.now(UTC)
    renamed = catalog.CategoryChanged(category_id=40, menu_id=MENU_A, restaurant_id=A, name="Postres", occurred_at=now)
    older = catalog.CategoryChanged(category_id=40, menu_id=MENU_A, restaurant_id=A, name="Dulces", occurred_at=now - timedelta(seconds=5))
    await deliver(app, renamed, older)
    assert (await row(app, CategoryFacts, 40)).name == "Postres"
    await deliver(app, catalog.CategoryDeleted(category_id=40, menu_id=MENU_A, restaurant_id=A))
    late = category(40, "Postres").model_copy(update={"occurred_at": now})
    await deliver(app, late)
    assert (await row(app, CategoryFacts, 40)).deleted is True
