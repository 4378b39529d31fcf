"""Dish images: add, replace, soft delete; uploads checked by content, and a bad one stores nothing;
at most ten a dish; a replaced or deleted image stops being served."""
import pytest

from contracts.identity import RestaurantDeleted
from tests.helpers import A, create_category, create_dish, create_menu, deliver, image_bytes, image_file, simple_menu


def stored_files(app) -> list:
    folder = app.state.settings.media_dir / "dishes"
    return sorted(p.name for p in folder.glob("*")) if folder.exists() else []


async def test_an_image_is_added_replaced_and_soft_deleted(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    added = await client.post("/api/dish-image/", data={"dish": str(dish["pk"])}, files={"image": image_file("a.jpg", "JPEG")}, headers=people.owner_a)
    assert added.status_code == 201, added.text
    image = added.json()
    assert image["dish"] == dish["pk"] and image["image"].endswith(".jpg")
    replaced = await client.put(f"/api/dish-image/{image['id']}/", files={"image": image_file("b.bmp", "BMP")}, headers=people.owner_a)
    assert replaced.status_code == 200 and replaced.json()["id"] == image["id"]
    assert replaced.json()["image"] != image["image"]
    assert (await client.delete(f"/api/dish-image/{image['id']}/", headers=people.owner_a)).status_code == 204
    assert (await client.get(f"/api/dish/{dish['pk']}/", headers=people.owner_a)).json()["dish_dimage"] == []
    assert (await client.delete(f"/api/dish-image/{image['id']}/", headers=people.owner_a)).status_code == 404


async def test_a_file_that_is_not_an_image_is_refused_and_nothing_is_stored(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    before = stored_files(app)
    fake = ("plato.png", b"<?php echo 'hola'; ?>", "image/png")
    answer = await client.post("/api/dish-image/", data={"dish": str(dish["pk"])}, files={"image": fake}, headers=people.owner_a)
    assert answer.status_code == 400
    assert answer.json() == {"image": ["El archivo no es una imagen válida: se aceptan png, jpeg y bmp."]}
    assert stored_files(app) == before


async def test_a_dish_with_one_bad_image_among_good_ones_stores_no_file_and_no_dish(client, people, app):
    menu = await create_menu(client, people.owner_a)
    category = await create_category(client, people.owner_a, menu["id"])
    before = stored_files(app)
    files = [
        ("dish_dimage", image_file("ok1.png")),
        ("dish_dimage", image_file("ok2.png")),
        ("dish_dimage", ("roto.jpg", image_bytes("JPEG")[:60], "image/jpeg")),
    ]
    answer = await client.post(
        "/api/dish/", data={"name": "Bife", "price": "10", "menu_group": str(category["id"])}, files=files, headers=people.owner_a
    )
    assert answer.status_code == 400 and "dish_dimage" in answer.json()
    assert stored_files(app) == before
    assert (await client.get(f"/api/dish/?menu_group={category['id']}", headers=people.owner_a)).json()["count"] == 0


async def test_a_replacement_needs_a_file(client, people):
    menu, category, dish = await simple_menu(client, people.owner_a)
    added = (await client.post("/api/dish-image/", data={"dish": str(dish["pk"])}, files={"image": image_file()}, headers=people.owner_a)).json()
    answer = await client.put(f"/api/dish-image/{added['id']}/", headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 400 and answer.json() == {"image": ["The submitted data was not a file."]}


async def test_a_dish_whose_name_is_taken_stores_none_of_its_images(client, people, app):
    menu, category, dish = await simple_menu(client, people.owner_a)
    before = stored_files(app)
    answer = await client.post(
        "/api/dish/",
        data={"name": "Empanada", "price": "10", "menu_group": str(category["id"])},
        files=[("dish_dimage", image_file())],
        headers=people.owner_a,
    )
    assert answer.status_code == 400
    assert stored_files(app) == before


async def add_image(client, headers, dish_id: int, **kwargs) -> dict:
    answer = await client.post("/api/dish-image/", data={"dish": str(dish_id)}, files={"image": image_file(**kwargs)}, headers=headers)
    assert answer.status_code == 201, answer.text
    return answer.json()


async def test_a_dish_holds_at_most_ten_images(client, people, app):
    menu = await create_menu(client, people.owner_a)
    category = await create_category(client, people.owner_a, menu["id"])
    before = stored_files(app)
    data = {"name": "Bife", "price": "10", "menu_group": str(category["id"])}
    files = [("dish_dimage", image_file(f"{i}.png")) for i in range(11)]
    answer = await client.post("/api/dish/", data=data, files=files, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"dish_dimage": ["Un plato puede tener a lo sumo 10 imágenes."]}
    assert stored_files(app) == before

    dish = await create_dish(client, people.owner_a, category["id"], images=10)
    english = {**people.owner_a, "Accept-Language": "en"}
    answer = await client.post("/api/dish-image/", data={"dish": str(dish["pk"])}, files={"image": image_file()}, headers=english)
    assert answer.status_code == 400 and answer.json() == {"image": ["A dish can have at most 10 images."]}
    answer = await client.put(f"/api/dish/{dish['pk']}/", files=[("dish_dimage", image_file())], headers=english)
    assert answer.status_code == 400 and answer.json() == {"dish_dimage": ["A dish can have at most 10 images."]}
    # a deleted image makes room again
    await client.delete(f"/api/dish-image/{dish['dish_dimage'][0]['id']}/", headers=people.owner_a)
    await add_image(client, people.owner_a, dish["pk"])


@pytest.fixture
async def pictured(client, people):
    """A menu whose category holds Empanada (with an image) and Segundo."""
    menu, category, dish = await simple_menu(client, people.owner_a)
    await create_dish(client, people.owner_a, category["id"], name="Segundo")
    image = await add_image(client, people.owner_a, dish["pk"])
    return {"menu": menu["id"], "category": category["id"], "dish": dish["pk"], "image": image}


async def restaurant_deleted(client, headers, ids, app):
    await deliver(app, RestaurantDeleted(restaurant_id=A, owner_id=1))


def left_out_of_the_tree(client, headers, ids, app):
    tree = {"pk": ids["menu"], "restaurant": A, "name": "Carta", "group_menu": [{"id": ids["category"], "name": "Entradas", "dishes": [{"name": "Nuevo", "price": "5"}]}]}
    return client.put("/api/create-nestable-menu/", json={"menus": [tree]}, headers=headers)


LEAVING = {
    "the image is replaced": lambda c, h, ids, app: c.put(f"/api/dish-image/{ids['image']['id']}/", files={"image": image_file()}, headers=h),
    "the image is deleted": lambda c, h, ids, app: c.delete(f"/api/dish-image/{ids['image']['id']}/", headers=h),
    "its dish is deleted": lambda c, h, ids, app: c.delete(f"/api/dish/{ids['dish']}/", headers=h),
    "its category is deleted": lambda c, h, ids, app: c.delete(f"/api/menu-group/{ids['category']}/", headers=h),
    "its menu is deleted": lambda c, h, ids, app: c.delete(f"/api/menu/{ids['menu']}/", headers=h),
    "its dish is left out of the menu tree": left_out_of_the_tree,
    "its restaurant is deleted": restaurant_deleted,
}


@pytest.mark.parametrize("change", list(LEAVING))
async def test_an_image_stops_being_served_when(client, people, app, pictured, change):
    url = pictured["image"]["image"]
    assert (await client.get(url)).status_code == 200
    answer = await LEAVING[change](client, people.owner_a, pictured, app)
    assert answer is None or answer.status_code < 300, answer.text
    assert (await client.get(url)).status_code == 404
    assert url.rsplit("/", 1)[1] not in stored_files(app)


async def test_a_refused_replacement_keeps_the_image_served(client, people, pictured):
    fake = ("plato.png", b"not an image", "image/png")
    answer = await client.put(f"/api/dish-image/{pictured['image']['id']}/", files={"image": fake}, headers=people.owner_a)
    assert answer.status_code == 400
    assert (await client.get(pictured["image"]["image"])).status_code == 200
