"""Staff add orders for a table (spec part 2 §2), end to end: names and prices copied from catalog's
dishes, and another restaurant's dish or table refused. The caps, the dishes that may be ordered and
what placing announces are the unit layer's (tests/unit/test_placing.py, test_work.py)."""
from decimal import Decimal

from contracts import catalog
from tests.helpers import A, MENU_A, deliver, order


async def test_an_order_copies_the_dish_name_and_price_and_starts_new(client, people):
    lines = await order(client, people.operator_a, (11, 1, 2, "sin sal"), (11, 2, 1))
    assert [(l["fk_dish"], l["dish_name"], l["price"], l["quantity"], l["status"], l["fk_sit"], l["sit_name"]) for l in lines] == [
        (1, "Empanada", "100.00", 2, "1", 11, "M11"), (2, "Milanesa", "250.50", 1, "1", 11, "M11"),
    ]
    assert lines[0]["extra_commentary"] == "sin sal" and lines[0]["order"] == lines[1]["order"] and lines[0]["fk_resto"] == A


async def test_a_later_price_change_never_changes_a_placed_order(client, people, app):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    await deliver(app, catalog.PricesChanged(restaurant_id=A, menu_id=MENU_A, prices=[catalog.DishPrice(dish_id=1, price=Decimal("999.00"))]))
    listed = (await client.get("/api/ordenes/?fk_sit__fk_resto=10", headers=people.owner_a)).json()["results"]
    assert [l["price"] for l in listed] == ["100.00"]
    [newer] = await order(client, people.owner_a, (11, 1, 1))
    assert newer["price"] == "999.00"


async def test_another_restaurants_dish_or_table_is_refused(client, people):
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 3, "quantity": 1}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"fk_dish": ["Plato no encontrado."]}
    foreign = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 21, "fk_dish": 1, "quantity": 1}]}, headers=people.owner_a)
    missing = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 999, "fk_dish": 1, "quantity": 1}]}, headers=people.owner_a)
    assert foreign.status_code == missing.status_code == 404  # B's table looks exactly like no table
    assert foreign.json() == missing.json() and foreign.json()["code"] == "place_not_found"
