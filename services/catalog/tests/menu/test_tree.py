"""The nested menu editor: the whole tree in one call, saved all or nothing (spec part 1 §5 'Menu')."""

from tests.helpers import A, B, create_dish, outbox_types, simple_menu

TREE = {
    "restaurant": A,
    "name": "Carta",
    "group_menu": [
        {"name": "Entradas", "dishes": [{"name": "Empanada", "price": "950.00"}, {"name": "Provoleta", "price": "1800"}]},
        {
            "name": "Principales",
            "sub_categories": [
                {"name": "Carnes", "dishes": [{"name": "Bife", "price": "5200.50"}]},
                {"name": "Pastas", "dishes": [{"name": "Ñoquis", "price": "3100"}]},
            ],
        },
    ],
}


async def save(client, headers, *menus, method="post", lang="es"):
    call = client.post if method == "post" else client.put
    return await call("/api/create-nestable-menu/", json={"menus": list(menus)}, headers={**headers, "Accept-Language": lang})


async def test_a_menu_is_created_with_its_whole_tree_in_one_call(client, people):
    answer = await save(client, people.owner_a, TREE)
    assert answer.status_code == 201, answer.text
    [saved] = answer.json()["menus"]
    assert saved["menu"]["name"] == "Carta" and saved["menu"]["restaurant"] == A
    entradas, principales = saved["data"]
    assert [d["name"] for d in entradas["dishes"]] == ["Empanada", "Provoleta"]
    assert [d["price"] for d in entradas["dishes"]] == ["950.00", "1800.00"]
    assert [c["name"] for c in principales["sub_categories"]] == ["Carnes", "Pastas"]
    assert principales["sub_categories"][0]["sub_category"] == principales["id"] == principales["group_pk"]
    tree = await client.get(f"/api/nestable-menu/?menu_id={saved['menu']['id']}", headers=people.owner_a)
    assert tree.status_code == 200 and tree.json() == saved


async def test_a_save_with_one_bad_menu_writes_nothing(client, people, app):
    bad = {**TREE, "name": "Otra", "group_menu": [{"name": "Vacía"}]}
    answer = await save(client, people.owner_a, TREE, bad)
    assert answer.status_code == 400
    assert (await client.get(f"/api/menu/?restaurant={A}", headers=people.owner_a)).json() == []
    assert await outbox_types(app) == []


async def test_an_update_moves_renames_reorders_and_drops_what_the_tree_leaves_out(client, people):
    [saved] = (await save(client, people.owner_a, TREE)).json()["menus"]
    entradas, principales = saved["data"]
    carnes, pastas = principales["sub_categories"]
    empanada, provoleta = entradas["dishes"]
    update = {
        "pk": saved["menu"]["id"],
        "restaurant": A,
        "name": "Carta de invierno",
        "delivery": True,
        "group_menu": [
            {"id": principales["id"], "name": "Principales", "sub_categories": [
                {"id": pastas["id"], "name": "Pastas caseras", "dishes": [
                    {"pk": pastas["dishes"][0]["pk"], "name": "Ñoquis"},
                    {"pk": provoleta["pk"], "name": "Provoleta"},  # moved from Entradas
                ]},
            ]},
            {"id": entradas["id"], "name": "Entradas", "dishes": [
                {"pk": empanada["pk"], "name": "Empanada salteña"},
                {"name": "Humita", "price": "1200.00"},
            ]},
        ],
    }
    answer = await save(client, people.owner_a, update, method="put")
    assert answer.status_code == 200, answer.text
    [result] = answer.json()["menus"]
    assert result["menu"]["name"] == "Carta de invierno" and result["menu"]["delivery"] is True
    first, second = result["data"]
    assert (first["id"], first["order"], second["id"], second["order"]) == (principales["id"], 0, entradas["id"], 1)
    [pastas_now] = first["sub_categories"]  # Carnes and its Bife are gone
    assert pastas_now["name"] == "Pastas caseras"
    assert [(d["name"], d["order"]) for d in pastas_now["dishes"]] == [("Ñoquis", 0), ("Provoleta", 1)]
    assert [d["name"] for d in second["dishes"]] == ["Empanada salteña", "Humita"]
    assert (await client.get(f"/api/menu-group/{carnes['id']}/", headers=people.owner_a)).status_code == 404
    assert (await client.get(f"/api/dish/{carnes['dishes'][0]['pk']}/", headers=people.owner_a)).status_code == 404


async def test_two_dishes_may_swap_names_in_one_save(client, people):
    [saved] = (await save(client, people.owner_a, TREE)).json()["menus"]
    entradas, principales = saved["data"]
    a, b = entradas["dishes"]
    update = {"pk": saved["menu"]["id"], "restaurant": A, "name": "Carta", "group_menu": [
        {"id": entradas["id"], "name": "Entradas", "dishes": [{"pk": a["pk"], "name": b["name"]}, {"pk": b["pk"], "name": a["name"]}]},
        {"id": principales["id"], "name": "Principales", "sub_categories": [
            {"id": c["id"], "name": c["name"], "dishes": [{"pk": d["pk"], "name": d["name"]} for d in c["dishes"]]}
            for c in principales["sub_categories"]
        ]},
    ]}
    answer = await save(client, people.owner_a, update, method="put")
    assert answer.status_code == 200, answer.text


async def test_a_tree_cannot_take_categories_or_dishes_of_another_menu(client, people):
    menu, category, dish = await simple_menu(client, people.owner_b, restaurant=B)
    [mine] = (await save(client, people.owner_a, TREE)).json()["menus"]
    update = {"pk": mine["menu"]["id"], "restaurant": A, "name": "Carta", "group_menu": [
        {"id": category["id"], "name": "Robada", "dishes": [{"pk": dish["pk"], "name": "Robado"}]},
    ]}
    answer = await save(client, people.owner_a, update, method="put")
    assert answer.status_code == 400
    assert set(answer.json()["non_field_errors"]) >= {"La categoría pertenece a otro menú.", "El plato pertenece a otro menú."}


async def test_a_tree_save_announces_every_change(client, people, app):
    await save(client, people.owner_a, TREE)
    types = await outbox_types(app)
    assert types.count("catalog.menu.created") == 1
    assert types.count("catalog.category.created") == 4
    assert types.count("catalog.dish.created") == 4


async def test_the_tree_of_an_existing_menu_lists_dishes_created_one_by_one(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await create_dish(client, people.owner_a, category["id"], name="Tarta", price="10")
    tree = (await client.get(f"/api/nestable-menu/?menu_id={menu['id']}", headers=people.owner_a)).json()
    assert [d["name"] for d in tree["data"][0]["dishes"]] == ["Empanada", "Tarta"]


def wide(categories: int, dishes_each: int) -> dict:
    group_menu = [
        {"name": f"C{c}", "dishes": [{"name": f"D{d}", "price": "1"} for d in range(dishes_each)]} for c in range(categories)
    ]
    return {**TREE, "group_menu": group_menu}


def deep(levels: int) -> dict:
    node = {"name": f"C{levels}", "dishes": [{"name": "Flan", "price": "10"}]}
    for level in range(levels - 1, 0, -1):
        node = {"name": f"C{level}", "sub_categories": [node]}
    return {**TREE, "group_menu": [node]}


async def test_the_largest_tree_allowed_is_saved(client, people):
    answer = await save(client, people.owner_a, wide(200, 10))
    assert answer.status_code == 201, answer.text
    assert sum(len(category["dishes"]) for category in answer.json()["menus"][0]["data"]) == 2000


async def test_a_tree_as_deep_as_its_categories_allow_is_saved_and_read(client, people):
    answer = await save(client, people.owner_a, deep(200))
    assert answer.status_code == 201, answer.text[:300]
    menu_id = answer.json()["menus"][0]["menu"]["id"]
    assert (await client.get(f"/api/nestable-menu/?menu_id={menu_id}", headers=people.owner_a)).status_code == 200
    assert (await client.get(f"/api/public-menu/?menu={menu_id}")).status_code == 200

