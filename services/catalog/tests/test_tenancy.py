"""Tenancy for every endpoint: owner A cannot see or change B's menus, categories, dishes or images;
operators reach only their restaurant; clients are refused; admins reach everything."""
import pytest

from tests.helpers import A, B, create_dish, image_file, simple_menu


@pytest.fixture
async def world(client, people):
    """A's and B's menus, each with a category, two dishes and an image."""
    out = {}
    for name, restaurant, headers in (("a", A, people.owner_a), ("b", B, people.owner_b)):
        menu, category, dish = await simple_menu(client, headers, restaurant=restaurant)
        await create_dish(client, headers, category["id"], name="Segundo")
        image = (await client.post("/api/dish-image/", data={"dish": str(dish["pk"])}, files={"image": image_file()}, headers=headers)).json()
        out[name] = {"restaurant": restaurant, "menu": menu["id"], "category": category["id"], "dish": dish["pk"], "image": image["id"]}
    return out


def tree(t, pk=True):
    body = {"restaurant": t["restaurant"], "name": "Carta", "group_menu": [
        {"id": t["category"], "name": "Entradas", "dishes": [{"pk": t["dish"], "name": "Empanada"}]}]}
    return {"menus": [{**body, "pk": t["menu"]}]} if pk else {"menus": [body]}


# (name, method, url, request kwargs); `t` is the target restaurant's objects.
CALLS = [
    ("list menus of the restaurant", "GET", lambda t: f"/api/menu/?restaurant={t['restaurant']}", lambda t: {}),
    ("create a menu", "POST", lambda t: "/api/menu/", lambda t: {"json": {"name": "X", "restaurant": t["restaurant"]}}),
    ("read a menu", "GET", lambda t: f"/api/menu/{t['menu']}/", lambda t: {}),
    ("update a menu", "PUT", lambda t: f"/api/menu/{t['menu']}/", lambda t: {"json": {"name": "Y"}}),
    ("read a menu tree", "GET", lambda t: f"/api/nestable-menu/?menu_id={t['menu']}", lambda t: {}),
    ("create a menu tree", "POST", lambda t: "/api/create-nestable-menu/", lambda t: {"json": {"menus": [{"restaurant": t["restaurant"], "name": "N", "group_menu": [{"name": "C", "dishes": [{"name": "D", "price": "5"}]}]}]}}),
    ("save a menu tree", "PUT", lambda t: "/api/create-nestable-menu/", lambda t: {"json": tree(t)}),
    ("list categories of the restaurant", "GET", lambda t: f"/api/menu-group/?rest={t['restaurant']}", lambda t: {}),
    ("create a category", "POST", lambda t: "/api/menu-group/", lambda t: {"json": {"name": "Z", "menu": t["menu"]}}),
    ("read a category", "GET", lambda t: f"/api/menu-group/{t['category']}/", lambda t: {}),
    ("update a category", "PUT", lambda t: f"/api/menu-group/{t['category']}/", lambda t: {"json": {"name": "W"}}),
    ("list dishes of the restaurant", "GET", lambda t: f"/api/dish/?menu_group__menu__restaurant={t['restaurant']}", lambda t: {}),
    ("create a dish", "POST", lambda t: "/api/dish/", lambda t: {"data": {"name": "Nuevo", "price": "5", "menu_group": str(t["category"])}}),
    ("read a dish", "GET", lambda t: f"/api/dish/{t['dish']}/", lambda t: {}),
    ("update a dish", "PUT", lambda t: f"/api/dish/{t['dish']}/", lambda t: {"data": {"price": "7"}}),
    ("enable or disable a dish", "POST", lambda t: f"/api/dish/{t['dish']}/habilitar-inhabilitar/", lambda t: {}),
    ("add a dish image", "POST", lambda t: "/api/dish-image/", lambda t: {"data": {"dish": str(t["dish"])}, "files": {"image": image_file()}}),
    ("replace a dish image", "PUT", lambda t: f"/api/dish-image/{t['image']}/", lambda t: {"files": {"image": image_file()}}),
    ("update prices in bulk", "POST", lambda t: f"/api/actualizar-precio-masivo/?id_menu={t['menu']}", lambda t: {"json": {"tipo_cambio": "Precio", "valor": 1, "tipo_update": 1, "category": -1}}),
    ("delete a dish image", "DELETE", lambda t: f"/api/dish-image/{t['image']}/", lambda t: {}),
    ("delete a dish", "DELETE", lambda t: f"/api/dish/{t['dish']}/", lambda t: {}),
    ("delete a category", "DELETE", lambda t: f"/api/menu-group/{t['category']}/", lambda t: {}),
    ("delete a menu", "DELETE", lambda t: f"/api/menu/{t['menu']}/", lambda t: {}),
]
IDS = [c[0] for c in CALLS]


async def call(client, headers, spec, target):
    _, method, url, kwargs = spec
    return await client.request(method, url(target), headers=headers, **kwargs(target))


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_an_owner_cannot_reach_another_restaurants_objects(client, people, world, spec):
    answer = await call(client, people.owner_a, spec, world["b"])
    assert answer.status_code == 404, answer.text  # a foreign object looks missing
    # ...and B's objects are untouched
    assert (await client.get(f"/api/dish/{world['b']['dish']}/", headers=people.owner_b)).json()["price"] == "100.00"
    assert len((await client.get(f"/api/dish/{world['b']['dish']}/", headers=people.owner_b)).json()["dish_dimage"]) == 1


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_an_operator_reaches_their_restaurant_only(client, people, world, spec):
    assert (await call(client, people.operator_a, spec, world["b"])).status_code == 404
    answer = await call(client, people.operator_a, spec, world["a"])
    assert answer.status_code < 300, answer.text


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_a_client_is_refused_everywhere(client, people, world, spec):
    answer = await call(client, people.client, spec, world["a"])
    assert answer.status_code == 403
    assert answer.json() == {"detail": "Usted no tiene permiso para realizar esta acción."}


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_an_operator_of_no_restaurant_and_an_anonymous_caller_are_refused(client, people, world, spec):
    assert (await call(client, people.stranger, spec, world["a"])).status_code == 404
    assert (await call(client, {}, spec, world["a"])).status_code == 401


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_an_admin_reaches_every_restaurant(client, people, world, spec):
    answer = await call(client, people.admin, spec, world["b"])
    assert answer.status_code < 300, answer.text


async def test_lists_without_a_restaurant_show_only_the_callers_own(client, people, world):
    menus = (await client.get("/api/menu/", headers=people.owner_a)).json()
    assert [m["id"] for m in menus] == [world["a"]["menu"]]
    categories = (await client.get(f"/api/menu-group/?menu={world['b']['menu']}", headers=people.owner_a)).json()
    assert categories == {"count": 0, "results": []}
    dishes = (await client.get(f"/api/dish/?menu_group__menu={world['b']['menu']}", headers=people.owner_a)).json()
    assert dishes == {"count": 0, "results": []}
    assert (await client.get("/api/dish/", headers=people.owner_a)).json()["count"] == 2
    assert (await client.get("/api/dish/", headers=people.admin)).json()["count"] == 4


async def test_the_public_menu_needs_no_token(client, world):
    assert (await client.get(f"/api/public-menu/?menu={world['b']['menu']}")).status_code == 200
