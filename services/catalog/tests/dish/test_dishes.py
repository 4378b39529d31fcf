"""Dishes: list with filters and pages, create and update (multipart), delete (spec part 1 §5, §7, §8)."""
from decimal import Decimal

import pytest

from tests.helpers import A, B, create_category, create_dish, create_menu, image_file, outbox_payloads, simple_menu


async def test_a_dish_is_created_with_its_images_and_price_kept_as_decimal(client, people):
    menu = await create_menu(client, people.owner_a)
    category = await create_category(client, people.owner_a, menu["id"])
    dish = await create_dish(client, people.owner_a, category["id"], name="Bife", price="1234.5", images=2, description="Con papas")
    assert dish["price"] == "1234.50"
    assert (dish["name"], dish["description"], dish["menu_group"], dish["disable"]) == ("Bife", "Con papas", category["id"], False)
    assert dish["group_dish"] == {"id": category["id"], "name": category["name"], "menu": menu["id"]}
    assert len(dish["dish_dimage"]) == 2
    image = dish["dish_dimage"][0]
    assert image["image"].startswith("/media/catalog/dishes/") and image["soft_delete"] is False
    served = await client.get(image["image"])
    assert served.status_code == 200 and served.headers["content-type"] in ("image/png", "image/jpeg")


@pytest.mark.parametrize(
    ("fields", "field", "es"),
    [
        # an empty form field is a missing one (the multipart form's way)
        ({"name": ""}, "name", "Este campo es requerido."),
        # the service's price rule, answered on the form's field
        ({"price": "0.99"}, "price", "El precio no puede ser menor a 1."),
        # every other rule of the form's fields: tests/unit/test_schemas.py, test_prices.py, test_steps.py
    ],
)
async def test_every_dish_field_rule_has_its_message(client, people, fields, field, es):
    menu = await create_menu(client, people.owner_a)
    category = await create_category(client, people.owner_a, menu["id"])
    data = {"name": "Bife", "price": "10", "menu_group": str(category["id"]), **fields}
    answer = await client.post("/api/dish/", data=data, headers=people.owner_a)
    assert answer.status_code == 400
    assert answer.json()[field] == [es]


async def test_a_new_dish_goes_after_the_last_of_its_category_unless_it_names_its_place(client, people):
    menu = await create_menu(client, people.owner_a)
    category = await create_category(client, people.owner_a, menu["id"])
    first = await create_dish(client, people.owner_a, category["id"], name="Sprite")
    second = await create_dish(client, people.owner_a, category["id"], name="Malbec", order=5)
    third = await create_dish(client, people.owner_a, category["id"], name="Fanta")
    placed = await create_dish(client, people.owner_a, category["id"], name="Agua", order=1)
    assert [d["order"] for d in (first, second, third, placed)] == [0, 5, 6, 1]


async def test_a_dish_name_is_unique_in_its_category_whatever_the_case(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    answer = await client.post("/api/dish/", data={"name": "EMPANADA", "price": "5", "menu_group": str(category["id"])}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"non_field_errors": ["El plato debe ser único en la categoría."], "code": "dish_name_taken"}
    other = await create_category(client, people.owner_a, menu["id"], name="Otra")
    await create_dish(client, people.owner_a, other["id"], name="Empanada")  # another category: fine


async def test_dishes_go_only_in_last_level_categories(client, people):
    menu = await create_menu(client, people.owner_a)
    parent = await create_category(client, people.owner_a, menu["id"])
    await create_category(client, people.owner_a, menu["id"], name="Sub", sub_category=parent["id"])
    answer = await client.post("/api/dish/", data={"name": "X", "price": "5", "menu_group": str(parent["id"])}, headers=people.owner_a)
    assert answer.status_code == 400 and "último nivel" in answer.json()["non_field_errors"][0]


async def test_the_dish_list_pages_and_filters(client, people):
    menu = await create_menu(client, people.owner_a)
    first = await create_category(client, people.owner_a, menu["id"], name="Uno", order=0)
    second = await create_category(client, people.owner_a, menu["id"], name="Dos", order=1)
    for i in range(10):
        await create_dish(client, people.owner_a, first["id"], name=f"Plato {i:02}", order=i)
    await create_dish(client, people.owner_a, second["id"], name="Flan casero", description="con dulce de leche")
    h = people.owner_a
    page = (await client.get(f"/api/dish/?page=2&size=9&menu_group__menu={menu['id']}", headers=h)).json()
    assert page["count"] == 11 and [d["name"] for d in page["results"]] == ["Plato 09", "Flan casero"]
    assert (await client.get("/api/dish/?search=dulce", headers=h)).json()["count"] == 1
    assert (await client.get(f"/api/dish/?menu_group={second['id']}", headers=h)).json()["count"] == 1
    assert (await client.get(f"/api/dish/?menu_group__menu__restaurant={A}&size=36", headers=h)).json()["count"] == 11
    flan = (await client.get("/api/dish/?search=flan", headers=h)).json()["results"][0]
    await client.post(f"/api/dish/{flan['pk']}/habilitar-inhabilitar/", headers=h)
    assert (await client.get("/api/dish/?disable=true", headers=h)).json()["count"] == 1
    assert (await client.get("/api/dish/?disable=false", headers=h)).json()["count"] == 10
    plain = (await client.get(f"/api/dish/?paginate=0&menu_group__menu={menu['id']}", headers=h)).json()
    assert isinstance(plain, list) and len(plain) == 11


async def test_a_search_with_wildcards_matches_them_literally(client, people):
    menu, category, _ = await simple_menu(client, people.owner_a)
    await create_dish(client, people.owner_a, category["id"], name="Descuento 50%")
    assert (await client.get("/api/dish/?search=50%25", headers=people.owner_a)).json()["count"] == 1
    assert (await client.get("/api/dish/?search=%25", headers=people.owner_a)).json()["count"] == 1


async def test_an_update_changes_only_the_fields_sent_and_adds_images(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    answer = await client.put(
        f"/api/dish/{dish['pk']}/", data={"price": "150.25"}, files=[("dish_dimage", image_file())], headers=people.owner_a
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["name"], body["price"], len(body["dish_dimage"])) == ("Empanada", "150.25", 1)


async def test_moving_a_dish_that_would_empty_its_category_is_refused(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    other = await create_category(client, people.owner_a, menu["id"], name="Otra")
    answer = await client.put(f"/api/dish/{dish['pk']}/", data={"menu_group": str(other["id"])}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"detail": "La categoría no puede quedar vacía.", "code": "category_left_empty"}
    await create_dish(client, people.owner_a, category["id"], name="Segundo")
    answer = await client.put(f"/api/dish/{dish['pk']}/", data={"menu_group": str(other["id"])}, headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["menu_group"] == other["id"]


async def test_renaming_a_dish_to_a_name_taken_in_its_category_is_refused(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await create_dish(client, people.owner_a, category["id"], name="Tarta")
    answer = await client.put(f"/api/dish/{dish['pk']}/", data={"name": "tarta"}, headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 400 and answer.json() == {"non_field_errors": ["The dish must be unique in the category."], "code": "dish_name_taken"}


async def test_deleting_the_last_dish_of_a_category_is_refused(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    answer = await client.delete(f"/api/dish/{dish['pk']}/", headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 400 and answer.json() == {"detail": "The category cannot be left empty.", "code": "category_left_empty"}
    second = await create_dish(client, people.owner_a, category["id"], name="Segundo")
    assert (await client.delete(f"/api/dish/{second['pk']}/", headers=people.owner_a)).status_code == 204
    assert (await client.get(f"/api/dish/{second['pk']}/", headers=people.owner_a)).status_code == 404


async def test_enable_and_disable_toggle_a_dish(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    off = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert off.status_code == 200 and off.json()["disable"] is True
    on = await client.post(f"/api/dish/{dish['pk']}/habilitar-inhabilitar/", headers=people.owner_a)
    assert on.json()["disable"] is False


async def test_dish_changes_are_announced_with_decimal_prices(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    await client.put(f"/api/dish/{dish['pk']}/", data={"price": "99.90"}, headers=people.owner_a)
    [created] = await outbox_payloads(app, "catalog.dish.created")
    [changed] = await outbox_payloads(app, "catalog.dish.changed")
    assert created["price"] == "100.00" and changed["price"] == "99.90"
    assert Decimal(changed["price"]) == Decimal("99.90")
    assert (changed["restaurant_id"], changed["menu_id"], changed["category_id"]) == (A, menu["id"], category["id"])


async def test_a_dish_cannot_move_to_another_restaurants_category(client, people):
    _, b_category, _ = await simple_menu(client, people.owner_b, restaurant=B)
    menu, category, dish = await simple_menu(client, people.owner_a)
    await create_dish(client, people.owner_a, category["id"], name="Otro")
    answer = await client.put(f"/api/dish/{dish['pk']}/", data={"menu_group": str(b_category["id"])}, headers=people.owner_a)
    assert answer.status_code == 404


async def test_a_nul_character_in_the_dish_forms_text_is_a_field_error_not_a_500(client, people):
    menu = await create_menu(client, people.owner_a)
    category = await create_category(client, people.owner_a, menu["id"])
    files = [("dish_dimage", image_file("foto.png"))]  # multipart: the kit does not scan its body
    for field in ("name", "description"):
        data = {"name": "Empanada", "price": "100.00", "menu_group": str(category["id"]), field: "Pla\x00to"}
        answer = await client.post("/api/dish/", data=data, files=files, headers={**people.owner_a, "Accept-Language": "en"})
        assert answer.status_code == 400, answer.text
        assert answer.json() == {field: ["The text contains a null character, which is not allowed."]}
