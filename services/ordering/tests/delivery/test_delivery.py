"""Delivery and takeaway orders (spec part 2 §3 'Delivery order', §5; issue 13): staff create them,
and a diner's WhatsApp order from the menu link is recorded too, so staff see it."""
import asyncio

from tests.delivery.conftest import WHATSAPP
from tests.helpers import A, MENU_A, deliver, dish, outbox, profile, set_status


def body(type_delivery=1, lines=((1, 2), (2, 1)), **extra):
    return {
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": type_delivery, "status": "1",
        "contact_info": extra.pop("contact_info", {"name": "Ana Pérez", "phone": "1144556677"}),
        "address": extra.pop("address", "Av. Corrientes 1234"),
        "ordenes": [{"fk_dish": d, "name": "x", "status": "1", "quantity": q, "extra_commentary": ""} for d, q in lines],
        **extra,
    }


async def test_staff_create_a_delivery_whose_lines_start_new_with_copied_prices(client, people, app):
    answer = await client.post("/api/delivery/", json=body(fk_delivery="123456"), headers=people.operator_a)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert (created["type_delivery"], created["contact_info"], created["address"], created["fk_delivery"]) == (
        1, {"name": "Ana Pérez", "phone": "1144556677"}, "Av. Corrientes 1234", "123456")
    assert [(l["dish_name"], l["price"], l["status"], l["fk_delivery"], l["fk_sit"]) for l in created["ordenes"]] == [
        ("Empanada", "100.00", "1", created["id"], None), ("Milanesa", "250.50", "1", created["id"], None)]
    # total_amount leaves out lines in 1, 3 and 6 (spec); the status is the lowest, ignoring 3
    assert (created["status"], created["total_amount"], created["order_total"]) == ("1", "0.00", "450.50")
    first, second = created["ordenes"]
    for line, status in ((first, "2"), (second, "3")):
        moved = await client.put(f"/api/ordenes/{line['id']}/", json={"status": status}, headers=people.operator_a)
        assert moved.status_code == 200, moved.text
    [listed] = (await client.get("/api/delivery/?fk_resto=10", headers=people.owner_a)).json()["results"]
    assert (listed["status"], listed["total_amount"]) == ("2", "200.00")
    [placed] = await outbox(app, "ordering.order.placed")
    assert (placed["kind"], placed["delivery_id"], placed["place_id"]) == ("delivery", created["id"], None)


async def test_the_contact_rules_for_staff(client, people):
    cases = [
        ({"contact_info": {"name": "A", "phone": "1144556677"}}, {"contact_info": {"name": ["El nombre debe tener entre 2 y 30 caracteres."]}}),
        ({"contact_info": {"name": "Ana", "phone": ""}}, {"contact_info": {"phone": ["Debe ingresar el teléfono."]}}),
        ({"contact_info": {"name": "Ana", "phone": "11-4455"}}, {"contact_info": {"phone": ["El teléfono debe tener solo dígitos, entre 8 y 20."]}}),
        ({"address": ""}, {"address": ["Debe ingresar la direccion"]}),
        ({"address": "Corto 1"}, {"address": ["La dirección debe tener entre 10 y 100 caracteres."]}),
    ]
    for extra, errors in cases:
        answer = await client.post("/api/delivery/", json=body(**extra), headers=people.owner_a)
        assert answer.status_code == 400 and answer.json() == errors, extra
    # pickup needs no address; the legacy nombre/telefono names are read too
    answer = await client.post("/api/delivery/", json=body(2, address="", contact_info={"nombre": "Luis", "telefono": "11445566"}), headers=people.owner_a)
    assert answer.status_code == 201 and answer.json()["contact_info"] == {"name": "Luis", "phone": "11445566"}


async def test_a_diners_whatsapp_order_is_recorded_once_and_shows_on_the_delivery_list(client, people, app):
    diner = body(2, address="", contact_info={"name": "Ana"}, fk_delivery="654321", cash_amount="500.00")
    tap = {"Idempotency-Key": "wa-000001"}
    answers = await asyncio.gather(*(client.post("/api/delivery/", json=diner, headers=tap) for _ in range(3)))
    assert sorted(a.status_code for a in answers) == [200, 200, 201]
    assert len({a.json()["id"] for a in answers}) == 1
    [listed] = (await client.get("/api/delivery/?fk_resto=10&status_delivery=1", headers=people.operator_a)).json()["results"]
    assert (listed["fk_delivery"], listed["contact_info"]["name"], listed["cash_amount"]) == ("654321", "Ana", "500.00")
    [placed] = await outbox(app, "ordering.order.placed")
    assert (placed["kind"], placed["source"], placed["placed_by"]) == ("takeaway", "diner", "Ana")


async def test_a_diners_order_without_a_key_is_placed_with_its_tracking_link(client, people, app):
    """The spec's menu link sends no Idempotency-Key: the order is recorded all the same (each call one)."""
    diner = body(2, address="", contact_info={"name": "Ana"}, fk_delivery="654321")
    answers = [await client.post("/api/delivery/", json=diner) for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 201], answers[0].text
    first, second = (a.json() for a in answers)
    assert first["id"] != second["id"] and first["tracking_token"] != second["tracking_token"]
    page = await client.get(f"/api/delivery/seguimiento/{first['tracking_token']}/")
    assert (page.status_code, page.json()["fk_delivery"], page.json()["total"]) == (200, "654321", "450.50")
    listed = (await client.get("/api/delivery/?fk_resto=10", headers=people.operator_a)).json()
    assert listed["count"] == 2 and {d["admin"] for d in listed["results"]} == {False}
    assert len(await outbox(app, "ordering.order.placed")) == 2


async def test_a_diners_order_needs_a_name_an_address_for_delivery_and_enough_cash(client, people):
    key = iter(f"wa-key-{i:04d}" for i in range(100))
    post = lambda payload: client.post("/api/delivery/", json=payload, headers={"Idempotency-Key": next(key)})
    answer = await post(body(1, address="", contact_info={"name": "Ana"}))
    assert answer.json() == {"address": ["Debe ingresar la direccion"]}
    answer = await post(body(2, address="", contact_info={"name": " "}))
    assert answer.json() == {"contact_info": {"name": ["Debe ingresar el nombre de la persona"]}}
    answer = await post(body(2, address="", contact_info={"name": "Ana"}, cash_amount="100.00"))
    assert answer.status_code == 400 and answer.json() == {"cash_amount": ["El monto en efectivo debe ser al menos el total del pedido ($ 450,50)."]}
    assert (await client.get("/api/delivery/?fk_resto=10", headers=people.owner_a)).json()["count"] == 0


async def test_a_diners_order_is_refused_when_orders_stop_or_a_dish_is_disabled_or_of_another_menu(client, people, app):
    diner = lambda key, **kw: client.post("/api/delivery/", json=body(2, address="", contact_info={"name": "Ana"}, **kw), headers={"Idempotency-Key": key})
    await deliver(app, dish(2, name="Milanesa", disable=True))
    assert (await diner("wa-dis-0001")).json()["code"] == "dish_unavailable"
    await deliver(app, dish(2, name="Milanesa"), dish(5, menu=999))
    answer = await client.post("/api/delivery/", json=body(2, lines=((5, 1),), address="", contact_info={"name": "Ana"}), headers={"Idempotency-Key": "wa-menu-001"})
    assert answer.json()["code"] == "dish_not_in_menu"
    await deliver(app, profile(A, stop_orders=True, whatsapp=WHATSAPP, takeaway=True))
    assert (await diner("wa-stop-0001")).json()["code"] == "orders_stopped"


async def test_tenancy_of_the_delivery_calls(client, people):
    # another restaurant looks exactly like one that does not exist
    assert (await client.post("/api/delivery/", json=body(), headers=people.owner_b)).status_code == 404
    assert (await client.post("/api/delivery/", json=body(), headers=people.stranger)).status_code == 404
    await client.post("/api/delivery/", json=body(), headers=people.owner_a)
    for who in (people.owner_b, people.stranger):
        assert (await client.get("/api/delivery/?fk_resto=10", headers=who)).status_code == 404
    assert (await client.get("/api/delivery/?fk_resto=10", headers=people.client)).status_code == 403
    assert (await client.get("/api/delivery/?fk_resto=10")).status_code == 401
    assert (await client.get("/api/delivery/?fk_resto=10", headers=people.admin)).json()["count"] == 1


async def test_staff_change_a_deliverys_contact_and_address_but_not_another_restaurants(client, people):
    created = (await client.post("/api/delivery/", json=body(), headers=people.owner_a)).json()
    change = {"fk_resto": A, "type_delivery": 2, "contact_info": {"name": "Luis", "phone": "1199887766"}, "address": ""}
    answer = await client.put(f"/api/delivery/{created['id']}/", json=change, headers=people.operator_a)
    assert answer.status_code == 200, answer.text
    assert (answer.json()["type_delivery"], answer.json()["contact_info"], answer.json()["address"]) == (2, {"name": "Luis", "phone": "1199887766"}, "")
    assert len(answer.json()["ordenes"]) == 2
    answer = await client.put(f"/api/delivery/{created['id']}/", json={**change, "type_delivery": 1}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json() == {"address": ["Debe ingresar la direccion"]}
    for who in (people.owner_b, people.stranger):
        assert (await client.put(f"/api/delivery/{created['id']}/", json=change, headers=who)).status_code in (403, 404)
    assert (await client.put(f"/api/delivery/{created['id']}/", json=change, headers=people.client)).status_code == 403
    assert (await client.put(f"/api/delivery/{created['id']}/", json=change)).status_code == 401


async def test_the_delivery_bulk_update_moves_only_the_lines_the_target_follows_from(client, people, app):
    created = (await client.post("/api/delivery/", json=body(lines=((1, 1), (2, 1), (1, 3))), headers=people.owner_a)).json()
    a, b, c = (line["id"] for line in created["ordenes"])
    await set_status(app, b, "2")
    await set_status(app, c, "4")
    payload = {"pk_resto": A, "delivery": True, "lines": [{"pk": pk, "status": "2"} for pk in (a, b, c)]}
    answer = await client.post("/api/ordenes/update-all/", json=payload, headers=people.operator_a)
    assert answer.status_code == 200 and {l["id"]: l["status"] for l in answer.json()} == {a: "2", b: "2", c: "4"}
    payload = {"pk_resto": A, "delivery": True, "lines": [{"pk": pk, "status": "4"} for pk in (a, b, c)]}
    assert {l["id"]: l["status"] for l in (await client.post("/api/ordenes/update-all/", json=payload, headers=people.operator_a)).json()} == {a: "4", b: "4", c: "4"}
    listed = (await client.get(f"/api/ordenes/?fk_delivery={created['id']}&paginate=0", headers=people.owner_a)).json()
    assert sorted(l["id"] for l in listed) == sorted((a, b, c))
    assert (await client.get(f"/api/ordenes/?fk_delivery={created['id']}&paginate=0", headers=people.owner_b)).json() == []
