"""The sketch: places created, listed, changed and removed with the spec's rules (part 1 §4, §8)."""
import asyncio
import hashlib

import pytest

from contracts import ordering
from tests.helpers import A, B, MENU_A, MENU_A2, MENU_B, create, deliver, item, outbox

pytestmark = pytest.mark.usefixtures("floor_world")


async def test_new_places_come_back_in_order_with_ids_names_menus_and_codes(client, people, app):
    created = await create(client, people.owner_a, item("M1", x=0), item("s1", kind="silla", x=3), item("D1", kind="delivery", x=6, menu=MENU_A2))
    assert [p["i_name"] for p in created] == ["M1", "S1", "D1"]  # names are kept upper case
    assert [p["menu_name"] for p in created] == ["Carta", "Carta", "Bebidas"]
    m1 = created[0]
    assert m1["fk_resto"] == A and m1["w_width"] == 2 and m1["call_waiter"] is False and m1["is_active"] is False
    token = m1["qr"].split("?p=")[1]
    assert m1["qr"] == f"http://127.0.0.1:8080/menus?p={token}" and len(token) >= 20 and token != str(m1["id"])
    assert m1["qr_code"] == f"/api/qr/lugar/{token}.png"
    listed = (await client.get(f"/api/sit/?fk_resto={A}", headers=people.operator_a)).json()
    assert [p["i_name"] for p in listed] == ["M1", "S1", "D1"]
    assert (await client.get(f"/api/sit/?fk_resto={A}&update=1", headers=people.owner_a)).json() == listed
    events = await outbox(app, "floor.place.created")
    assert [(e["name"], e["kind"], e["menu_id"]) for e in events] == [("M1", "mesa", MENU_A), ("S1", "silla", MENU_A), ("D1", "delivery", MENU_A2)]
    assert events[0]["token_hash"] == hashlib.sha256(token.encode()).hexdigest() and token not in str(events)


async def test_names_are_unique_in_the_restaurant_and_in_the_batch_and_nothing_is_saved_on_any_error(client, people):
    await create(client, people.owner_a, item("M1"))
    answer = await client.post("/api/sit/", json={"location": [item("M2"), item("m1", x=3), item("M2", x=6)]}, headers=people.owner_a)
    assert answer.status_code == 400
    assert answer.json() == {"location": {
        "1": {"i_name": ["Ya hay un elemento llamado M1 en el croquis."]},
        "2": {"i_name": ["Ya hay un elemento llamado M2 en el croquis."]},
    }}
    assert [p["i_name"] for p in (await client.get(f"/api/sit/?fk_resto={A}", headers=people.owner_a)).json()] == ["M1"]
    await create(client, people.owner_b, item("M1", restaurant=B, menu=MENU_B))  # another restaurant may use it


async def test_the_menu_is_required_and_must_be_the_restaurants_own(client, people):
    answer = await client.post("/api/sit/", json={"location": [item("M1", menu=None), item("M2", menu=MENU_B, x=3)]},
                               headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 400
    assert answer.json()["location"] == {
        "0": {"fk_menu": ["You must select a menu."]},
        "1": {"fk_menu": ["The menu does not belong to this restaurant."]},
    }


async def test_a_deleted_menu_cannot_be_given_to_a_place(client, people, app):
    from contracts import catalog

    await deliver(app, catalog.MenuDeleted(menu_id=MENU_A2, restaurant_id=A))
    answer = await client.post("/api/sit/", json={"location": [item("M1", menu=MENU_A2)]}, headers=people.owner_a)
    assert answer.status_code == 400 and "fk_menu" in answer.json()["location"]["0"]


async def test_an_empty_or_mixed_save_is_refused_clearly(client, people):
    empty = await client.post("/api/sit/", json={"location": []}, headers=people.owner_a)
    assert empty.status_code == 400 and empty.json()["code"] == "sketch_no_data"
    mixed = await client.post("/api/sit/", json={"location": [item("M1"), item("M2", restaurant=B, menu=MENU_B)]}, headers=people.owner_a)
    assert mixed.status_code == 400 and "non_field_errors" in mixed.json()
    too_many = await client.post("/api/sit/", json={"location": [item(f"M{i}") for i in range(301)]}, headers=people.owner_a)
    assert too_many.status_code == 400


async def test_an_update_moves_renames_and_blocks_and_only_facts_are_announced(client, people, app):
    m1, m2 = await create(client, people.owner_a, item("M1"), item("M2", x=3))
    moved = {**item("M1", x=10, y=4), "id": m1["id"], "blocked": True, "details": "junto a la ventana"}
    answer = await client.put("/api/sit/update/", json={"location": [moved]}, headers=people.operator_a)
    assert answer.status_code == 200
    (after,) = answer.json()
    assert (after["x_axis"], after["y_axis"], after["blocked"], after["details"]) == (10, 4, True, "junto a la ventana")
    assert after["qr"] == m1["qr"]  # moving or renaming keeps the printed code working
    assert await outbox(app, "floor.place.changed") == []  # the position is the sketch's own business

    renamed = {**moved, "i_name": "M7", "fk_menu": MENU_A2, "admin": False}
    await client.put("/api/sit/update/", json={"location": [renamed]}, headers=people.owner_a)
    (changed,) = await outbox(app, "floor.place.changed")
    assert (changed["name"], changed["menu_id"], changed["admin"]) == ("M7", MENU_A2, False)


async def test_two_places_may_swap_names_in_one_save(client, people):
    m1, m2 = await create(client, people.owner_a, item("M1"), item("M2", x=3))
    swap = [{**item("M2"), "id": m1["id"]}, {**item("M1", x=3), "id": m2["id"]}]
    answer = await client.put("/api/sit/update/", json={"location": swap}, headers=people.owner_a)
    assert answer.status_code == 200, answer.text
    assert [(p["id"], p["i_name"]) for p in answer.json()] == [(m1["id"], "M2"), (m2["id"], "M1")]


async def test_an_update_cannot_take_another_places_name(client, people):
    m1, _ = await create(client, people.owner_a, item("M1"), item("M2", x=3))
    answer = await client.put("/api/sit/update/", json={"location": [{**item("M2"), "id": m1["id"]}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["location"]["0"]["i_name"] == ["Ya hay un elemento llamado M2 en el croquis."]


async def test_two_tablets_adding_the_same_name_at_once_get_one_place(client, people):
    answers = await asyncio.gather(*(client.post("/api/sit/", json={"location": [item("M5")]}, headers=people.owner_a) for _ in range(4)))
    assert sorted(a.status_code for a in answers) == [201, 400, 400, 400]


async def test_a_place_without_open_orders_is_removed_and_announced(client, people, app):
    (m1,) = await create(client, people.owner_a, item("M1"))
    assert (await client.delete(f"/api/sit/{m1['id']}/", headers=people.owner_a)).status_code == 204
    assert (await client.get(f"/api/sit/?fk_resto={A}", headers=people.owner_a)).json() == []
    (removed,) = await outbox(app, "floor.place.removed")
    assert (removed["place_id"], removed["restaurant_id"]) == (m1["id"], A)


async def test_a_place_with_open_orders_stays_and_is_named_in_the_error(client, people, app):
    m1, m2, m3 = await create(client, people.owner_a, item("M1"), item("M2", x=3), item("M3", x=6))
    await deliver(app, ordering.PlaceActivated(restaurant_id=A, place_id=m1["id"]), ordering.PlaceActivated(restaurant_id=A, place_id=m2["id"]))
    verify = await client.post("/api/sit/verificar-sit/", json={"id": m1["id"]}, headers=people.owner_a)
    assert verify.json() == {"is_active": True}
    one = await client.delete(f"/api/sit/{m1['id']}/", headers=people.owner_a)
    assert one.status_code == 400 and one.json() == {"detail": "M1 tiene pedidos activos y no se puede eliminar.", "code": "place_in_use"}

    many = await client.post("/api/sit/delete/", json={"location": [{"id": m1["id"]}, {"id": m2["id"]}, {"id": m3["id"]}]}, headers=people.owner_a)
    assert many.status_code == 200
    assert [p["i_name"] for p in many.json()["active_locations"]] == ["M1", "M2"]
    assert [p["i_name"] for p in (await client.get(f"/api/sit/?fk_resto={A}", headers=people.owner_a)).json()] == ["M1", "M2"]

    await deliver(app, ordering.PlaceReleased(restaurant_id=A, place_id=m1["id"]))
    assert (await client.post("/api/sit/verificar-sit/", json={"id": m1["id"]}, headers=people.owner_a)).json() == {"is_active": False}
    assert (await client.delete(f"/api/sit/{m1['id']}/", headers=people.owner_a)).status_code == 204


async def test_an_older_activity_event_arriving_late_does_not_undo_a_newer_one(client, people, app):
    (m1,) = await create(client, people.owner_a, item("M1"))
    activated = ordering.PlaceActivated(restaurant_id=A, place_id=m1["id"])
    released = ordering.PlaceReleased(restaurant_id=A, place_id=m1["id"])
    await deliver(app, released)
    await deliver(app, activated)  # older, redelivered late
    assert (await client.post("/api/sit/verificar-sit/", json={"id": m1["id"]}, headers=people.owner_a)).json() == {"is_active": False}
