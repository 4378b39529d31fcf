"""A dish that is in an active order cannot be disabled (spec part 1 §4 'Dish'): ordering's events."""
from datetime import UTC, datetime, timedelta

from contracts.ordering import DishActivated, DishReleased
from kit.membership_tests import publish, wait_processed
from tests.helpers import A, create_dish, simple_menu


async def announce(app, *events):
    for event in events:
        await publish(app, event)
    await wait_processed(app, *events)


async def test_a_dish_in_an_active_order_cannot_be_disabled(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await announce(app, DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=501))
    for lang, text in (("es", "El plato está activo en una orden."), ("en", "The dish is active in an order.")):
        answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers={**people.owner_a, "Accept-Language": lang})
        assert answer.status_code == 400 and answer.json() == {"detail": text, "code": "dish_active_in_order"}
    await announce(app, DishReleased(restaurant_id=A, dish_id=dish["pk"], order_id=501))
    answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["disable"] is True


async def test_a_dish_stays_active_while_any_of_its_orders_is_open(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await announce(
        app,
        DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=1),
        DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=2),
        DishReleased(restaurant_id=A, dish_id=dish["pk"], order_id=1),
    )
    answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert answer.status_code == 400


async def test_a_late_activation_older_than_its_release_changes_nothing(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    now = datetime.now(UTC)
    released = DishReleased(restaurant_id=A, dish_id=dish["pk"], order_id=7, occurred_at=now)
    late = DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=7, occurred_at=now - timedelta(seconds=5))
    await announce(app, released)
    await announce(app, late)
    answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert answer.status_code == 200


async def test_an_active_dish_cannot_be_deleted_nor_its_category_or_menu(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await create_dish(client, people.owner_a, category["id"], name="Otro")
    await announce(app, DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=9))
    for path in (f"/api/dish/{dish['pk']}/", f"/api/menu-group/{category['id']}/", f"/api/menu/{menu['id']}/"):
        answer = await client.delete(path, headers=people.owner_a)
        assert answer.status_code == 400 and answer.json() == {"detail": "El plato está activo en una orden.", "code": "dish_active_in_order"}, path


async def test_an_enabled_dish_in_an_active_order_may_still_be_enabled_again_when_disabled(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)  # disabled
    await announce(app, DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=3))
    answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["disable"] is False
