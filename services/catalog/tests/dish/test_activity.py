"""A dish that is in an active order cannot be disabled (spec part 1 §4 'Dish'): ordering's events."""
from datetime import UTC, datetime, timedelta

from contracts.ordering import DishActivated, DishReleased
from tests.helpers import A, create_dish, deliver, deliver_together, simple_menu


async def test_a_dish_in_an_active_order_cannot_be_disabled(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await deliver(app, DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=501))
    for lang, text in (("es", "El plato está activo en una orden."), ("en", "The dish is active in an order.")):
        answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers={**people.owner_a, "Accept-Language": lang})
        assert answer.status_code == 400 and answer.json() == {"detail": text, "code": "dish_active_in_order"}
    await deliver(app, DishReleased(restaurant_id=A, dish_id=dish["pk"], order_id=501))
    answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["disable"] is True


async def test_a_dish_stays_active_while_any_of_its_orders_is_open(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await deliver(
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
    await deliver(app, released)
    await deliver(app, late)
    answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert answer.status_code == 200


async def test_an_active_dish_cannot_be_deleted_nor_its_category_or_menu(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await create_dish(client, people.owner_a, category["id"], name="Otro")
    await deliver(app, DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=9))
    for path in (f"/api/dish/{dish['pk']}/", f"/api/menu-group/{category['id']}/", f"/api/menu/{menu['id']}/"):
        answer = await client.delete(path, headers=people.owner_a)
        assert answer.status_code == 400 and answer.json() == {"detail": "El plato está activo en una orden.", "code": "dish_active_in_order"}, path


async def test_an_enabled_dish_in_an_active_order_may_still_be_enabled_again_when_disabled(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)  # disabled
    await deliver(app, DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=3))
    answer = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["disable"] is False


async def test_one_event_names_every_dish_an_order_holds_or_released(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    other = await create_dish(client, people.owner_a, category["id"], name="Otro")
    both = [dish["pk"], other["pk"]]
    await deliver(app, DishActivated(restaurant_id=A, dish_ids=both, order_id=11))
    for pk in both:
        answer = await client.post(f"/api/dish/{pk}/habilitar-inhabilitar/", headers=people.owner_a)
        assert answer.status_code == 400, pk
    await deliver(app, DishReleased(restaurant_id=A, dish_ids=both, order_id=11))
    for pk in both:
        answer = await client.post(f"/api/dish/{pk}/habilitar-inhabilitar/", headers=people.owner_a)
        assert answer.status_code == 200 and answer.json()["disable"] is True, pk


async def test_a_busy_nights_batch_of_orders_holds_every_dish_it_names_and_a_batch_of_releases_frees_them(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    other = await create_dish(client, people.owner_a, category["id"], name="Otro")
    now = datetime.now(UTC)
    first = DishActivated(restaurant_id=A, dish_ids=[dish["pk"], other["pk"]], order_id=31, occurred_at=now)
    again = DishActivated(restaurant_id=A, dish_id=dish["pk"], order_id=31, occurred_at=now - timedelta(seconds=1))
    assert await deliver_together(app, first, DishActivated(restaurant_id=A, dish_id=other["pk"], order_id=32), again, first) == [
        True, True, True, False]
    for held in (dish, other):
        answer = await client.post(f"/api/dish/{held['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
        assert answer.status_code == 400, held
    await deliver_together(app, DishReleased(restaurant_id=A, dish_ids=[dish["pk"], other["pk"]], order_id=31, occurred_at=now),
                           DishReleased(restaurant_id=A, dish_id=other["pk"], order_id=32))
    for freed in (dish, other):
        answer = await client.post(f"/api/dish/{freed['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
        assert answer.status_code == 200 and answer.json()["disable"] is True, freed
