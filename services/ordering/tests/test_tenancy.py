"""Tenancy for every staff endpoint: B's owner, a client and an operator of no restaurant can
neither see nor change A's orders, tables and deliveries (to them A's look exactly like missing
ones); A's operator and an admin can."""
import pytest

from tests.helpers import A, MENU_A, order

# (name, method, url, json); `t` holds A's line and order ids.
CALLS = [
    ("list a restaurant's lines", "GET", lambda t: "/api/ordenes/?fk_sit__fk_resto=10", None),
    ("the sketch of a restaurant", "GET", lambda t: "/api/ordenes/?croquis=1&fk_sit__fk_resto=10&paginate=0", None),
    ("place an order", "POST", lambda t: "/api/ordenes/", lambda t: {"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": 1}]}),
    ("change a line", "PUT", lambda t: f"/api/ordenes/{t['line']}/", lambda t: {"status": "2"}),
    ("update many lines", "POST", lambda t: "/api/ordenes/update-all/", lambda t: {"pk_resto": A, "lines": [{"pk": t["line"], "status": "2"}]}),
    ("the board's tables", "GET", lambda t: "/api/ordenes/mesas/?fk_resto=10", None),
    ("accept a table", "POST", lambda t: "/api/ordenes/mesa/11/aceptar/", None),
    ("deliver a table", "POST", lambda t: "/api/ordenes/mesa/11/entregar/", None),
    ("reject a table", "POST", lambda t: "/api/ordenes/mesa/11/rechazar/", None),
    ("free a table", "POST", lambda t: "/api/ordenes/mesa/11/liberar/", None),
    ("an order's ticket", "GET", lambda t: f"/api/tickets/orden/{t['order']}/", None),
    ("the active-orders report", "GET", lambda t: "/api/tickets/reporte/?fk_resto=10", None),
    # the delivery screen (issue 20)
    ("list the deliveries", "GET", lambda t: "/api/delivery/?fk_resto=10&croquis=true", None),
    ("a delivery", "GET", lambda t: f"/api/delivery/{t['delivery']}/", None),
    ("change a delivery's contact", "PUT", lambda t: f"/api/delivery/{t['delivery']}/", lambda t: {
        "type_delivery": 2, "contact_info": {"name": "Luis", "phone": "1144556677"}, "address": ""}),
    ("a restaurant's delivery lines", "GET", lambda t: "/api/delivery/ordenes/?fk_resto=10&paginate=0", None),
    ("a delivery's lines", "GET", lambda t: f"/api/delivery/ordenes/?fk_delivery={t['delivery']}&paginate=0", None),
    ("a delivery's detail text", "GET", lambda t: f"/api/delivery-info/{t['delivery']}/", None),
    ("change a delivery's detail text", "PUT", lambda t: f"/api/up-delivery-info/{t['delivery']}/", lambda t: {"details": "Timbre 2B"}),
    ("the delivery bulk update", "POST", lambda t: "/api/ordenes/update-all/", lambda t: {
        "pk_resto": A, "delivery": True, "lines": [{"pk": t["delivery_line"], "status": "2"}]}),
    ("delete a line", "DELETE", lambda t: f"/api/ordenes/{t['line']}/", None),
]
IDS = [c[0] for c in CALLS]


@pytest.fixture
async def target(client, people):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    delivery = (await client.post("/api/delivery/", headers=people.owner_a, json={
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": 1, "contact_info": {"name": "Ana", "phone": "1144556677"},
        "address": "Av. Corrientes 1234", "ordenes": [{"fk_dish": 1, "quantity": 1}],
    })).json()
    return {"line": line["id"], "order": line["order"], "delivery": delivery["id"], "delivery_line": delivery["ordenes"][0]["id"]}


async def call(client, headers, spec, t):
    _, method, url, body = spec
    return await client.request(method, url(t), headers=headers, json=body(t) if body else None)


async def a_lines(client, people):
    lines = (await client.get("/api/ordenes/?fk_sit__fk_resto=10&paginate=0", headers=people.admin)).json()
    deliveries = (await client.get("/api/delivery/?fk_resto=10&paginate=0", headers=people.admin)).json()
    return lines, deliveries


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_another_restaurants_staff_a_client_or_a_stranger_cannot_reach_a(client, people, target, spec):
    before = await a_lines(client, people)
    for who in (people.owner_b, people.stranger):  # A's objects look to them exactly like missing ones
        answer = await call(client, who, spec, target)
        assert answer.status_code == 404, (spec[0], answer.status_code, answer.text)
    answer = await call(client, people.client, spec, target)  # a client may not use staff calls at all
    assert answer.status_code == 403, (spec[0], answer.status_code, answer.text)
    assert await a_lines(client, people) == before
    assert (await call(client, {}, spec, target)).status_code == 401


@pytest.mark.parametrize("spec", CALLS, ids=IDS)
async def test_as_operator_and_an_admin_may(client, people, target, spec):
    for who in (people.operator_a, people.admin):
        answer = await call(client, who, spec, target)
        assert answer.status_code < 300, (spec[0], answer.status_code, answer.text)
        if spec[0] in ("delete a line", "reject a table"):  # done once, the second would find nothing to do
            break


async def test_a_list_without_a_restaurant_shows_only_the_callers_restaurants(client, people):
    await order(client, people.owner_a, (11, 1, 1))
    await order(client, people.owner_b, (21, 3, 1), restaurant=20)
    assert [l["fk_resto"] for l in (await client.get("/api/ordenes/?paginate=0", headers=people.owner_b)).json()] == [20]
    assert {l["fk_resto"] for l in (await client.get("/api/ordenes/?paginate=0", headers=people.admin)).json()} == {10, 20}
