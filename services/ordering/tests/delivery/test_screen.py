"""The delivery screen's calls (spec part 2 §2 'Delivery and takeaway screen', §3, §7; issue 20):
a delivery's `admin` and `fk_sit`, its detail dialog (`delivery/{id}/`, the detail text of
`delivery-info/` and `up-delivery-info/`), the delivery lines call by restaurant or by delivery, and
what every change of a delivery announces."""
from datetime import datetime

from tests.helpers import A, B, MENU_A, MENU_B, deliver, outbox, place


def body(type_delivery=1, restaurant=A, lines=((1, 2), (2, 1)), **extra):
    return {
        "fk_resto": restaurant, "fk_menu": MENU_A if restaurant == A else MENU_B, "type_delivery": type_delivery,
        "contact_info": {"name": "Ana Pérez", "phone": "1144556677"}, "address": "Av. Corrientes 1234",
        "ordenes": [{"fk_dish": d, "quantity": q} for d, q in lines], **extra,
    }


async def staff_delivery(client, people, **extra) -> dict:
    answer = await client.post("/api/delivery/", json=body(**extra), headers=people.operator_a)
    assert answer.status_code == 201, answer.text
    return answer.json()


async def test_a_delivery_says_whether_staff_recorded_it_and_its_delivery_point(client, people, app):
    await deliver(app, place(31, name="D1", kind="delivery"), place(22, restaurant=B, menu=MENU_B, name="D1", kind="delivery"))
    by_staff = await staff_delivery(client, people, fk_sit=31)
    assert (by_staff["admin"], by_staff["fk_sit"], by_staff["tracking_token"]) == (True, 31, None)
    by_diner = (await client.post("/api/delivery/", json=body(2), headers={"Idempotency-Key": "diner-0001"})).json()
    assert (by_diner["admin"], by_diner["fk_sit"]) == (False, None)
    # a table is no delivery point; another restaurant's point looks missing
    answer = await client.post("/api/delivery/", json=body(fk_sit=11), headers=people.operator_a)
    assert (answer.status_code, answer.json()) == (400, {"fk_sit": ["El lugar elegido no es un punto de delivery."]})
    answer = await client.post("/api/delivery/", json=body(fk_sit=22), headers=people.operator_a)
    assert (answer.status_code, answer.json()["code"]) == (404, "place_not_found")
    # the edit moves it to no point, then back; not sending fk_sit leaves it
    edit = {"type_delivery": 1, "contact_info": {"name": "Ana Pérez", "phone": "1144556677"}, "address": "Av. Corrientes 1234"}
    assert (await client.put(f"/api/delivery/{by_staff['id']}/", json={**edit, "fk_sit": None}, headers=people.owner_a)).json()["fk_sit"] is None
    assert (await client.put(f"/api/delivery/{by_staff['id']}/", json={**edit, "fk_sit": 31}, headers=people.owner_a)).json()["fk_sit"] == 31
    assert (await client.put(f"/api/delivery/{by_staff['id']}/", json=edit, headers=people.owner_a)).json()["fk_sit"] == 31


async def test_the_detail_dialog_reads_one_delivery_and_another_restaurants_looks_missing(client, people):
    created = await staff_delivery(client, people)
    answer = await client.get(f"/api/delivery/{created['id']}/", headers=people.owner_a)
    assert answer.status_code == 200
    assert {k: v for k, v in answer.json().items() if k != "tracking_token"} == {k: v for k, v in created.items() if k != "tracking_token"}
    for who, url in ((people.owner_b, f"/api/delivery/{created['id']}/"), (people.owner_a, "/api/delivery/999999/"),
                     (people.owner_a, f"/api/delivery/{created['id']}/?fk_resto={B}")):
        missing = await client.get(url, headers=who)
        assert (missing.status_code, missing.json()["code"]) == (404, "delivery_not_found"), url


async def test_the_detail_text_holds_up_to_200_characters(client, people):
    created = await staff_delivery(client, people)
    url = f"/api/up-delivery-info/{created['id']}/"
    assert (await client.get(f"/api/delivery-info/{created['id']}/", headers=people.owner_a)).json() == {
        "id": created["id"], "fk_resto": A, "fk_delivery": None, "details": ""}
    answer = await client.put(url, json={"details": "x" * 200}, headers=people.operator_a)
    assert answer.status_code == 200 and answer.json()["details"] == "x" * 200
    answer = await client.put(url, json={"details": "Timbre 2B, " + "y" * 190}, headers=people.operator_a)
    assert (answer.status_code, answer.json()) == (400, {
        "detail": "No se pudo actualizar el detalle de la orden: puede tener hasta 200 caracteres.", "code": "details_too_long"})
    answer = await client.put(url, json={"details": "z" * 201}, headers={**people.operator_a, "Accept-Language": "en"})
    assert answer.json()["detail"] == "The order's detail could not be updated: it can have at most 200 characters."
    read = await client.get(f"/api/delivery-info/{created['id']}/", headers=people.owner_a)
    assert read.json()["details"] == "x" * 200  # the refused texts changed nothing
    assert (await client.get(f"/api/delivery/{created['id']}/", headers=people.owner_a)).json()["details"] == "x" * 200
    for who in (people.owner_b, people.stranger):
        assert (await client.put(url, json={"details": "hola"}, headers=who)).status_code == 404
        assert (await client.get(f"/api/delivery-info/{created['id']}/", headers=who)).status_code == 404
    assert (await client.put(url, json={"details": "hola"}, headers=people.client)).status_code == 403
    assert (await client.put(url, json={"details": "hola"})).status_code == 401


async def test_the_delivery_lines_call_by_restaurant_by_status_or_by_delivery(client, people, app):
    first = await staff_delivery(client, people, lines=((1, 1), (2, 1)))
    second = await staff_delivery(client, people, lines=((2, 3),))
    accept = {"pk_resto": A, "lines": [{"pk": line["id"], "status": "2"} for line in second["ordenes"]]}
    assert (await client.post("/api/ordenes/update-all/", json=accept, headers=people.owner_a)).status_code == 200
    await client.post("/api/delivery/", json=body(restaurant=B, lines=((3, 1),)), headers=people.owner_b)
    get = lambda query, who=people.operator_a: client.get(f"/api/delivery/ordenes/?{query}", headers=who)

    every = (await get(f"fk_resto={A}&paginate=0&croquis=true")).json()
    # newest delivery first, each one's lines in order
    assert [(l["fk_delivery"], l["id"]) for l in every] == [
        (second["id"], second["ordenes"][0]["id"]), (first["id"], first["ordenes"][0]["id"]), (first["id"], first["ordenes"][1]["id"])]
    assert every[0]["next_status"] == "4" and every[1]["can_reject"] is True
    assert [l["fk_delivery"] for l in (await get(f"fk_resto={A}&status_delivery=2&paginate=0")).json()] == [second["id"]]
    assert [l["fk_delivery"] for l in (await get(f"fk_resto={A}&status_delivery=0&paginate=0")).json()] == [second["id"], first["id"], first["id"]]
    assert [l["id"] for l in (await get(f"fk_delivery={first['id']}&paginate=0")).json()] == [l["id"] for l in first["ordenes"]]
    paged = (await get(f"fk_resto={A}&size=2&page=2")).json()
    assert (paged["count"], len(paged["results"])) == (3, 1)
    # another restaurant's delivery looks missing; naming neither is a 400
    assert (await get(f"fk_delivery={first['id']}&paginate=0", people.owner_b)).status_code == 404
    assert (await get(f"fk_resto={A}&paginate=0", people.owner_b)).status_code == 404
    assert (await get(f"fk_resto={B}&fk_delivery={first['id']}&paginate=0", people.owner_b)).status_code == 404
    assert (await get("paginate=0")).status_code == 400


async def test_every_change_of_a_delivery_announces_what_changed(client, people, app):
    created = await staff_delivery(client, people)
    [placed] = await outbox(app, "ordering.delivery.changed")
    assert (placed["delivery_id"], placed["fields"], placed["status"], placed["closed_at"], placed["tracking_hash"], placed["source"]) == (
        created["id"], ["status"], "1", None, None, "staff")
    assert "contact_info" not in placed and "address" not in placed
    edit = {"type_delivery": 2, "contact_info": {"name": "Luis", "phone": "1144556677"}, "address": "", "fk_delivery": "123456"}
    await client.put(f"/api/delivery/{created['id']}/", json=edit, headers=people.owner_a)
    await client.put(f"/api/delivery/{created['id']}/", json=edit, headers=people.owner_a)  # nothing changed: nothing said
    await client.put(f"/api/up-delivery-info/{created['id']}/", json={"details": "Timbre 2B"}, headers=people.owner_a)
    first, second = (line["id"] for line in created["ordenes"])
    await client.put(f"/api/ordenes/{first}/", json={"status": "2"}, headers=people.owner_a)  # the lowest stays 1
    await client.put(f"/api/ordenes/{second}/", json={"status": "3"}, headers=people.owner_a)  # now 2
    await client.put(f"/api/ordenes/{first}/", json={"status": "3"}, headers=people.owner_a)  # all rejected: closed
    said = [(e["fields"], e["status"], e["type_delivery"], e["number"], e["closed_at"] is not None)
            for e in await outbox(app, "ordering.delivery.changed")]
    assert said == [
        (["status"], "1", 1, None, False),
        (["type", "contact", "address", "number"], "1", 2, "123456", False),
        (["details"], "1", 2, "123456", False),
        (["status"], "2", 2, "123456", False),
        (["status"], "3", 2, "123456", True),
    ]
    closed = (await client.get(f"/api/delivery/{created['id']}/", headers=people.owner_a)).json()["closed_at"]
    assert datetime.fromisoformat(closed) and (await outbox(app, "ordering.delivery.changed"))[-1]["closed_at"] is not None
