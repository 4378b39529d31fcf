"""Categories (menu groups): list, create with name, menu, sub_category, order; read, update, delete."""
from tests.helpers import A, create_category, create_dish, create_menu, outbox_types


async def test_a_category_is_registered_with_name_menu_sub_category_and_order(client, people):
    menu = await create_menu(client, people.owner_a)
    answer = await client.post("/api/menu-group/", json={"name": "Bebidas", "menu": menu["id"], "sub_category": None, "order": 3}, headers=people.owner_a)
    assert answer.status_code == 201
    body = answer.json()
    assert {k: body[k] for k in ("name", "menu", "sub_category", "order")} == {"name": "Bebidas", "menu": menu["id"], "sub_category": None, "order": 3}
    assert body["detail"] == "Categoría registrada."


async def test_categories_are_listed_by_restaurant_and_menu_in_pages(client, people):
    menu = await create_menu(client, people.owner_a)
    other = await create_menu(client, people.owner_a, name="Otra")
    for i in range(3):
        await create_category(client, people.owner_a, menu["id"], name=f"C{i}", order=i)
    await create_category(client, people.owner_a, other["id"], name="X")
    page = (await client.get(f"/api/menu-group/?rest={A}&menu={menu['id']}&page=1&size=2", headers=people.owner_a)).json()
    assert page["count"] == 3 and [c["name"] for c in page["results"]] == ["C0", "C1"]
    everything = (await client.get(f"/api/menu-group/?rest={A}&paginate=0", headers=people.owner_a)).json()
    assert sorted(c["name"] for c in everything) == ["C0", "C1", "C2", "X"]


async def test_a_sub_category_hangs_from_a_category_of_the_same_menu(client, people):
    menu = await create_menu(client, people.owner_a)
    other = await create_menu(client, people.owner_a, name="Otra")
    parent = await create_category(client, people.owner_a, menu["id"], name="Principales")
    child = await create_category(client, people.owner_a, menu["id"], name="Carnes", sub_category=parent["id"])
    assert child["sub_category"] == parent["id"]
    answer = await client.post("/api/menu-group/", json={"name": "Mal", "menu": other["id"], "sub_category": parent["id"]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"non_field_errors": ["La categoría pertenece a otro menú."]}


async def test_dishes_only_at_the_last_level_a_category_with_dishes_takes_no_sub_category(client, people):
    menu = await create_menu(client, people.owner_a)
    parent = await create_category(client, people.owner_a, menu["id"])
    await create_dish(client, people.owner_a, parent["id"])
    answer = await client.post(
        "/api/menu-group/", json={"name": "Sub", "menu": menu["id"], "sub_category": parent["id"]}, headers={**people.owner_a, "Accept-Language": "en"}
    )
    assert answer.status_code == 400
    assert answer.json() == {"non_field_errors": ["A category holds only dishes or only sub-categories: dishes go at the last level."]}


async def test_a_category_cannot_move_inside_itself(client, people):
    menu = await create_menu(client, people.owner_a)
    parent = await create_category(client, people.owner_a, menu["id"], name="P")
    child = await create_category(client, people.owner_a, menu["id"], name="C", sub_category=parent["id"])
    answer = await client.put(f"/api/menu-group/{parent['id']}/", json={"sub_category": child["id"]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"non_field_errors": ["Una categoría no puede estar dentro de sí misma."]}


async def test_an_owner_renames_reorders_and_moves_a_category(client, people):
    menu = await create_menu(client, people.owner_a)
    parent = await create_category(client, people.owner_a, menu["id"], name="P")
    category = await create_category(client, people.owner_a, menu["id"], name="C")
    answer = await client.put(
        f"/api/menu-group/{category['id']}/?rest={A}", json={"name": "Carnes", "order": 4, "sub_category": parent["id"]}, headers=people.owner_a
    )
    assert answer.status_code == 200
    assert answer.json() == {"id": category["id"], "name": "Carnes", "menu": menu["id"], "sub_category": parent["id"], "order": 4}


async def test_deleting_a_category_takes_its_sub_categories_and_dishes(client, people, app):
    menu = await create_menu(client, people.owner_a)
    parent = await create_category(client, people.owner_a, menu["id"], name="P")
    child = await create_category(client, people.owner_a, menu["id"], name="C", sub_category=parent["id"])
    dish = await create_dish(client, people.owner_a, child["id"])
    answer = await client.delete(f"/api/menu-group/{parent['id']}/?rest={A}", headers=people.owner_a)
    assert answer.status_code == 204
    assert (await client.get(f"/api/menu-group/{child['id']}/", headers=people.owner_a)).status_code == 404
    assert (await client.get(f"/api/dish/{dish['pk']}/", headers=people.owner_a)).status_code == 404
    types = await outbox_types(app)
    assert types.count("catalog.category.deleted") == 2 and types.count("catalog.dish.deleted") == 1


async def test_category_changes_are_announced_through_the_outbox(client, people, app):
    menu = await create_menu(client, people.owner_a)
    category = await create_category(client, people.owner_a, menu["id"])
    await client.put(f"/api/menu-group/{category['id']}/", json={"name": "Otra"}, headers=people.owner_a)
    assert (await outbox_types(app))[1:] == ["catalog.category.created", "catalog.category.changed"]
