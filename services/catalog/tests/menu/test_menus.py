"""Menus: list by restaurant, create, read, update, delete (spec part 1 §7 'Menus')."""
from tests.helpers import A, B, create_menu, outbox_payloads, outbox_types, simple_menu


async def test_an_owner_creates_a_menu_and_lists_it_by_restaurant(client, people):
    menu = await create_menu(client, people.owner_a, name="Carta de verano")
    assert menu == {"id": menu["id"], "name": "Carta de verano", "restaurant": A, "delivery": False}
    listed = await client.get(f"/api/menu/?restaurant={A}", headers=people.owner_a)
    assert listed.status_code == 200 and listed.json() == [menu]


async def test_delivery_menus_are_listed_with_delivery_true(client, people):
    await create_menu(client, people.owner_a, name="Salón")
    delivery = await create_menu(client, people.owner_a, name="Delivery", delivery=True)
    listed = await client.get(f"/api/menu/?restaurant={A}&delivery=true", headers=people.owner_a)
    assert [m["id"] for m in listed.json()] == [delivery["id"]]


async def test_a_restaurant_has_one_delivery_menu_switching_one_on_switches_the_other_off(client, people):
    first = await create_menu(client, people.owner_a, name="Delivery 1", delivery=True)
    second = await create_menu(client, people.owner_a, name="Salón")
    answer = await client.put(f"/api/menu/{second['id']}/?restaurant={A}", json={"delivery": True}, headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["delivery"] is True
    again = await client.get(f"/api/menu/{first['id']}/?restaurant={A}", headers=people.owner_a)
    assert again.json()["delivery"] is False


async def test_an_owner_renames_a_menu(client, people):
    menu = await create_menu(client, people.owner_a)
    answer = await client.put(f"/api/menu/{menu['id']}/?restaurant={A}", json={"name": "Carta nueva", "restaurant": A}, headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["name"] == "Carta nueva"
    assert (await client.get(f"/api/menu/{menu['id']}/?restaurant={A}", headers=people.owner_a)).json()["name"] == "Carta nueva"


async def test_deleting_a_menu_takes_its_categories_and_dishes(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    answer = await client.delete(f"/api/menu/{menu['id']}/?restaurant={A}", headers=people.owner_a)
    assert answer.status_code == 204
    assert (await client.get(f"/api/menu/{menu['id']}/", headers=people.owner_a)).status_code == 404
    assert (await client.get(f"/api/menu-group/{category['id']}/", headers=people.owner_a)).status_code == 404
    assert (await client.get(f"/api/dish/{dish['pk']}/", headers=people.owner_a)).status_code == 404


async def test_a_menu_asked_for_with_another_restaurant_is_not_found(client, people):
    menu = await create_menu(client, people.owner_a)
    answer = await client.get(f"/api/menu/{menu['id']}/?restaurant={B}", headers=people.owner_a)
    assert answer.status_code == 404 and answer.json() == {"detail": "Menu no encontrado"}


async def test_menu_changes_are_announced_through_the_outbox(client, people, app):
    menu = await create_menu(client, people.owner_a)
    await client.put(f"/api/menu/{menu['id']}/", json={"name": "Otra"}, headers=people.owner_a)
    await client.delete(f"/api/menu/{menu['id']}/", headers=people.owner_a)
    assert await outbox_types(app) == ["catalog.menu.created", "catalog.menu.changed", "catalog.menu.deleted"]
    [created] = await outbox_payloads(app, "catalog.menu.created")
    assert created["menu_id"] == menu["id"] and created["restaurant_id"] == A and created["name"] == "Carta"
