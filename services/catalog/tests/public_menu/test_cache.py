"""The cached public menu is never stale: every kind of change to a menu drops it."""
import pytest

from catalog.public_menu.cache import MenuCache
from contracts.identity import RestaurantDeleted, RestaurantUpdated
from tests.helpers import A, create_dish, deliver, image_file


async def build(client, h) -> dict:
    """Carta: Entradas (Empanada, Provoleta with an image), Principales > Carnes (Bife)."""
    answer = await client.post(
        "/api/create-nestable-menu/",
        json={"menus": [{"restaurant": A, "name": "Carta", "group_menu": [
            {"name": "Entradas", "dishes": [{"name": "Empanada", "price": "10"}, {"name": "Provoleta", "price": "20"}]},
            {"name": "Principales", "sub_categories": [{"name": "Carnes", "dishes": [{"name": "Bife", "price": "30"}]}]},
        ]}]},
        headers=h,
    )
    [tree] = answer.json()["menus"]
    entradas, principales = tree["data"]
    ids = {
        "menu": tree["menu"]["id"],
        "entradas": entradas["id"],
        "principales": principales["id"],
        "carnes": principales["sub_categories"][0]["id"],
        "empanada": entradas["dishes"][0]["pk"],
        "provoleta": entradas["dishes"][1]["pk"],
        "bife": principales["sub_categories"][0]["dishes"][0]["pk"],
    }
    image = await client.post("/api/dish-image/", data={"dish": str(ids["provoleta"])}, files={"image": image_file()}, headers=h)
    ids["image"] = image.json()["id"]
    return ids


def _tree(ids):
    return {"pk": ids["menu"], "restaurant": A, "name": "Carta", "group_menu": [
        {"id": ids["principales"], "name": "Principales", "sub_categories": [
            {"id": ids["carnes"], "name": "Carnes", "dishes": [{"pk": ids["bife"], "name": "Bife"}]}]},
        {"id": ids["entradas"], "name": "Entradas", "dishes": [
            {"pk": ids["provoleta"], "name": "Provoleta"}, {"pk": ids["empanada"], "name": "Empanada"}]},
    ]}


async def profile_updated(client, h, ids, app):
    await deliver(app, RestaurantUpdated(restaurant_id=A, owner_id=1, nombre_local="Nuevo nombre"))


CHANGES = {
    "menu renamed": lambda c, h, ids, app: c.put(f"/api/menu/{ids['menu']}/", json={"name": "Otra carta"}, headers=h),
    "menu switched to delivery": lambda c, h, ids, app: c.put(f"/api/menu/{ids['menu']}/", json={"delivery": True}, headers=h),
    "tree saved": lambda c, h, ids, app: c.put("/api/create-nestable-menu/", json={"menus": [_tree(ids)]}, headers=h),
    "category renamed": lambda c, h, ids, app: c.put(f"/api/menu-group/{ids['entradas']}/", json={"name": "Para picar"}, headers=h),
    "category reordered": lambda c, h, ids, app: c.put(f"/api/menu-group/{ids['principales']}/", json={"order": -1}, headers=h),
    "category deleted": lambda c, h, ids, app: c.delete(f"/api/menu-group/{ids['principales']}/", headers=h),
    "dish created": lambda c, h, ids, app: create_dish(c, h, ids["carnes"], name="Entraña"),
    "dish renamed": lambda c, h, ids, app: c.put(f"/api/dish/{ids['bife']}/", data={"name": "Bife de chorizo"}, headers=h),
    "dish repriced": lambda c, h, ids, app: c.put(f"/api/dish/{ids['bife']}/", data={"price": "31.50"}, headers=h),
    "dish moved": lambda c, h, ids, app: c.put(f"/api/dish/{ids['empanada']}/", data={"menu_group": str(ids["carnes"])}, headers=h),
    "dish disabled": lambda c, h, ids, app: c.post(f"/api/dish/{ids['empanada']}/habilitar-inhabilitar/", headers=h),
    "dish deleted": lambda c, h, ids, app: c.delete(f"/api/dish/{ids['empanada']}/", headers=h),
    "dish image added": lambda c, h, ids, app: c.post("/api/dish-image/", data={"dish": str(ids["bife"])}, files={"image": image_file()}, headers=h),
    "dish image added with a dish update": lambda c, h, ids, app: c.put(f"/api/dish/{ids['bife']}/", files=[("dish_dimage", image_file())], headers=h),
    "dish image replaced": lambda c, h, ids, app: c.put(f"/api/dish-image/{ids['image']}/", files={"image": image_file(color=(0, 0, 255))}, headers=h),
    "dish image deleted": lambda c, h, ids, app: c.delete(f"/api/dish-image/{ids['image']}/", headers=h),
    "prices updated in bulk": lambda c, h, ids, app: c.post(
        f"/api/actualizar-precio-masivo/?id_menu={ids['menu']}", json={"tipo_cambio": "Porcentaje", "valor": 10, "tipo_update": 1, "category": -1}, headers=h
    ),
    "restaurant profile updated": profile_updated,
}


@pytest.mark.parametrize("change", list(CHANGES))
async def test_the_public_menu_is_never_stale_after_a_change(client, people, app, change):
    ids = await build(client, people.owner_a)
    url = f"/api/public-menu/?menu={ids['menu']}"
    before = await client.get(url)
    assert (await client.get(url)).content == before.content  # cached now
    answer = await CHANGES[change](client, people.owner_a, ids, app)
    if answer is not None and not isinstance(answer, dict):
        assert answer.status_code < 300, answer.text
    after = await client.get(url)
    assert after.status_code == 200 and after.content != before.content
    assert after.headers["etag"] != before.headers["etag"]
    # and what is served is what a fresh build from the database gives
    await app.state.menu_cache.invalidate([ids["menu"]])
    assert (await client.get(url)).content == after.content


async def test_a_deleted_menu_stops_being_served(client, people):
    ids = await build(client, people.owner_a)
    url = f"/api/public-menu/?menu={ids['menu']}"
    assert (await client.get(url)).status_code == 200
    assert (await client.get(url)).status_code == 200  # served from the cache now
    answer = await client.delete(f"/api/menu/{ids['menu']}/?restaurant={A}", headers=people.owner_a)
    assert answer.status_code == 204, answer.text
    assert (await client.get(url)).status_code == 404
    assert (await client.get(url, headers={"If-None-Match": "*"})).status_code == 404


async def test_a_deleted_restaurant_stops_being_served(client, people, app):
    ids = await build(client, people.owner_a)
    url = f"/api/public-menu/?menu={ids['menu']}"
    assert (await client.get(url)).status_code == 200
    assert (await client.get(url)).status_code == 200  # served from the cache now
    await deliver(app, RestaurantDeleted(restaurant_id=A, owner_id=1))
    assert (await client.get(url)).status_code == 404


async def test_a_reader_that_built_the_menu_before_a_change_committed_does_not_cache_it(client, people, app):
    ids = await build(client, people.owner_a)
    cache: MenuCache = app.state.menu_cache
    version = await cache.version(ids["menu"])  # a slow reader starts building...
    await client.put(f"/api/menu/{ids['menu']}/", json={"name": "Otra carta"}, headers=people.owner_a)  # ...a change commits
    await cache.put(ids["menu"], version, b'{"stale": true}')  # ...and the reader tries to store its old answer
    assert await cache.get(ids["menu"]) is None
    assert (await client.get(f"/api/public-menu/?menu={ids['menu']}")).json()["menu"]["name"] == "Otra carta"


async def test_the_public_menu_is_served_from_the_database_while_redis_is_away(client, people, app):
    """Found by `make chaos`: while Redis restarted, every public menu request (the cache's hit,
    read before the application's error handling) answered 500, so no diner could open a menu.
    Redis away is a miss: the menu is built from the database, answered, and not stored."""
    from redis.asyncio import Redis

    ids = await build(client, people.owner_a)
    url = f"/api/public-menu/?menu={ids['menu']}"
    served = await client.get(url)
    kept = app.state.menu_cache
    away = Redis.from_url("redis://127.0.0.1:1/0", decode_responses=False)  # nothing listens there
    app.state.menu_cache = MenuCache(away)
    try:
        for headers in ({}, {"Accept-Encoding": "gzip"}, {"If-None-Match": served.headers["etag"]}):
            answer = await client.get(url, headers=headers)
            assert answer.status_code == (304 if "If-None-Match" in headers else 200), answer.text
            if answer.status_code == 200:
                assert answer.json() == served.json()
    finally:
        app.state.menu_cache = kept
        await away.aclose()
