"""Ids, positions, pages and searches out of any possible range are a 400, never a 500, on every endpoint."""
import pytest

from tests.helpers import A, simple_menu

HUGE = 2**31  # one past PostgreSQL's integer
TOO_LONG = "x" * 101

# (name, method, url, request kwargs); `t` holds a real menu, category and dish of restaurant A.
CALLS = [
    ("a menu", "GET", lambda t: f"/api/menu/{HUGE}/", {}),
    ("menus of a restaurant", "GET", lambda t: f"/api/menu/?restaurant={HUGE}", {}),
    ("a new menu's restaurant", "POST", lambda t: "/api/menu/", {"json": {"name": "X", "restaurant": HUGE}}),
    ("a menu tree", "GET", lambda t: f"/api/nestable-menu/?menu_id={HUGE}", {}),
    ("a saved tree's menu", "PUT", lambda t: "/api/create-nestable-menu/", {"json": {"menus": [{"pk": HUGE, "restaurant": A}]}}),
    ("a saved tree's dish", "POST", lambda t: "/api/create-nestable-menu/", {"json": {"menus": [
        {"restaurant": A, "name": "N", "group_menu": [{"name": "C", "dishes": [{"pk": HUGE, "name": "D"}]}]}]}}),
    ("a category", "GET", lambda t: f"/api/menu-group/{HUGE}/", {}),
    ("categories of a menu", "GET", lambda t: f"/api/menu-group/?menu={HUGE}", {}),
    ("a category page", "GET", lambda t: "/api/menu-group/?page=1000000000000", {}),
    ("a category page size", "GET", lambda t: "/api/menu-group/?size=501", {}),
    ("a new category's menu", "POST", lambda t: "/api/menu-group/", {"json": {"name": "X", "menu": HUGE}}),
    ("a category's position", "PUT", lambda t: f"/api/menu-group/{t['category']}/", {"json": {"order": -HUGE - 1}}),
    ("a category's parent", "PUT", lambda t: f"/api/menu-group/{t['category']}/", {"json": {"sub_category": HUGE}}),
    ("a dish", "GET", lambda t: f"/api/dish/{HUGE}/", {}),
    ("dishes of a category", "GET", lambda t: f"/api/dish/?menu_group={HUGE}", {}),
    ("a dish page", "GET", lambda t: "/api/dish/?page=1000000000000", {}),
    ("a dish search", "GET", lambda t: f"/api/dish/?search={TOO_LONG}", {}),
    ("a new dish's category", "POST", lambda t: "/api/dish/", {"data": {"name": "X", "price": "5", "menu_group": str(HUGE)}}),
    ("a dish's position", "PUT", lambda t: f"/api/dish/{t['dish']}/", {"data": {"order": str(HUGE)}}),
    ("an image's dish", "POST", lambda t: "/api/dish-image/", {"data": {"dish": str(HUGE)}}),
    ("an image", "DELETE", lambda t: f"/api/dish-image/{HUGE}/", {}),
    ("the bulk update's menu", "POST", lambda t: f"/api/actualizar-precio-masivo/?id_menu={HUGE}", {"json": {}}),
    ("the bulk update's category", "POST", lambda t: f"/api/actualizar-precio-masivo/?id_menu={t['menu']}", {"json": {
        "tipo_cambio": "Precio", "valor": 1, "tipo_update": 1, "category": HUGE}}),
    ("the public menu", "GET", lambda t: f"/api/public-menu/?menu={HUGE}", {}),
]


@pytest.mark.parametrize("spec", CALLS, ids=[c[0] for c in CALLS])
async def test_a_value_beyond_any_row_is_a_400(client, people, spec):
    menu, category, dish = await simple_menu(client, people.owner_a)
    _, method, url, kwargs = spec
    target = {"menu": menu["id"], "category": category["id"], "dish": dish["pk"]}
    answer = await client.request(method, url(target), headers=people.owner_a, **kwargs)
    assert answer.status_code == 400, answer.text


async def test_a_page_past_the_last_is_empty(client, people):
    await simple_menu(client, people.owner_a)
    assert (await client.get("/api/dish/?page=100000", headers=people.owner_a)).json() == {"count": 1, "results": []}
    assert (await client.get("/api/menu-group/?page=100000", headers=people.owner_a)).json() == {"count": 1, "results": []}
