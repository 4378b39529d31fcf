"""Dish images: add, replace, soft delete; uploads checked by content, and a bad one stores nothing."""
from tests.helpers import create_category, create_menu, image_bytes, image_file, simple_menu


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
