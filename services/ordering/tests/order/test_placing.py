"""Staff add orders for a table (spec part 2 §2): names and prices copied from catalog's dishes."""
from decimal import Decimal

from contracts import catalog
from tests.helpers import A, MENU_A, deliver, dish, order, outbox, place


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


async def test_a_disabled_or_deleted_dish_cannot_be_ordered(client, people, app):
    await deliver(app, dish(1, name="Empanada", disable=True), catalog.DishDeleted(dish_id=2, restaurant_id=A, menu_id=MENU_A))
    for lang, text in (("es", "El plato «Empanada» no está disponible en este momento."),
                       ("en", "The dish “Empanada” is not available right now.")):
        answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": 1}]},
                                   headers={**people.owner_a, "Accept-Language": lang})
        assert answer.status_code == 400 and answer.json() == {"detail": text, "code": "dish_unavailable"}
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 2, "quantity": 1}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "dish_unavailable"
    assert await outbox(app, "ordering.order.placed") == []


async def test_another_restaurants_dish_or_table_is_refused(client, people):
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 3, "quantity": 1}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"fk_dish": ["Plato no encontrado."]}
    foreign = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 21, "fk_dish": 1, "quantity": 1}]}, headers=people.owner_a)
    missing = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 999, "fk_dish": 1, "quantity": 1}]}, headers=people.owner_a)
    assert foreign.status_code == missing.status_code == 404  # B's table looks exactly like no table
    assert foreign.json() == missing.json() and foreign.json()["code"] == "place_not_found"


async def test_a_dish_from_another_menu_than_the_tables_is_refused(client, people, app):
    await deliver(app, dish(5, menu=999))
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 5, "quantity": 1}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "dish_not_in_menu"


async def test_caps_on_lines_quantity_and_comment(client, people):
    too_many = [{"fk_sit": 11, "fk_dish": 1, "quantity": 1}] * 31
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": too_many}, headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 400 and answer.json() == {"ordenes": ["An order can have at most 30 dishes."]}
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": 51}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"quantity": ["Asegúrese de que la cantidad no sea mayor a 50."]}
    for quantity in (0, -1):
        answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": quantity}]}, headers=people.owner_a)
        assert answer.status_code == 400
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 11, "fk_dish": 1, "quantity": 1, "extra_commentary": "x" * 101}]}, headers=people.owner_a)
    assert answer.status_code == 400
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": []}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"ordenes": ["Debe agregar al menos un plato."]}


async def test_a_place_whose_admin_flag_is_off_takes_no_staff_orders(client, people, app):
    await deliver(app, place(13, admin=False))
    answer = await client.post("/api/ordenes/", json={"fk_resto": A, "ordenes": [{"fk_sit": 13, "fk_dish": 1, "quantity": 1}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "place_add_order_disabled"


async def test_a_place_whose_admin_flag_is_off_takes_no_staff_comments(client, people, app):
    (line,) = await order(client, people.owner_a, (11, 1, 1))
    await deliver(app, place(11, admin=False))
    answer = await client.put(f"/api/ordenes/{line['id']}/", json={"extra_commentary": "sin sal"}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "place_add_order_disabled"
    answer = await client.put(f"/api/ordenes/{line['id']}/", json={"quantity": 2}, headers=people.owner_a)
    assert answer.status_code == 200 and answer.json()["extra_commentary"] == ""  # other changes still go


async def test_placing_announces_the_order_the_table_and_the_dishes(client, people, app):
    lines = await order(client, people.operator_a, (11, 1, 2), (11, 2, 1), (12, 1, 1))
    # one transaction's events share a timestamp: their order among themselves is not defined
    placed = sorted(await outbox(app, "ordering.order.placed"), key=lambda p: p["place_id"])
    assert [(p["place_id"], p["place_name"], p["source"], p["kind"], len(p["lines"])) for p in placed] == [(11, "M11", "staff", "table", 2), (12, "M12", "staff", "table", 1)]
    assert placed[0]["lines"][0]["unit_price"] == "100.00" and placed[0]["placed_by"] == "user5@example.com"
    assert sorted(p["place_id"] for p in await outbox(app, "ordering.place.activated")) == [11, 12]
    # one event per order names all the dishes it holds
    activated = sorted((p["order_id"], p["dish_ids"]) for p in await outbox(app, "ordering.dish.activated"))
    assert activated == [(lines[0]["order"], [1, 2]), (lines[2]["order"], [1])]
    # a second order at a table already held announces the table no more
    await order(client, people.operator_a, (11, 1, 1))
    assert sorted(p["place_id"] for p in await outbox(app, "ordering.place.activated")) == [11, 12]
