"""A line's status changes and removal through the HTTP calls, end to end: what they write and
announce. Every pair of statuses, the edits allowed while new and the messages are the unit
layer's (tests/unit/test_transitions.py, test_changing.py)."""
from tests.helpers import order, outbox, set_status


async def test_a_change_is_announced_and_rejecting_releases_the_table_and_dish(client, people, app):
    [line] = await order(client, people.owner_a, (11, 1, 2))
    await client.put(f"/api/ordenes/{line['id']}/", json={"status": 2}, headers=people.owner_a)
    await client.put(f"/api/ordenes/{line['id']}/", json={"status": "3"}, headers=people.owner_a)
    changed = await outbox(app, "ordering.line.status_changed")
    assert [(c["place_id"], c["place_name"], [(x["line_id"], x["from_status"], x["to_status"]) for x in c["changes"]]) for c in changed] == [
        (11, "M11", [(line["id"], "1", "2")]), (11, "M11", [(line["id"], "2", "3")]),
    ]
    assert [p["place_id"] for p in await outbox(app, "ordering.place.released")] == [11]
    assert [(p["order_id"], p["dish_ids"]) for p in await outbox(app, "ordering.dish.released")] == [(line["order"], [1])]


async def test_a_line_is_deleted_and_the_deletion_announced_but_a_paid_one_stays(client, people, app):
    first, second = await order(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    assert (await client.delete(f"/api/ordenes/{first['id']}/", headers=people.owner_a)).status_code == 204
    assert [p["line_ids"] for p in await outbox(app, "ordering.line.removed")] == [[first["id"]]]
    await set_status(app, second["id"], "6")
    answer = await client.delete(f"/api/ordenes/{second['id']}/", headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "line_paid"
    assert (await client.delete(f"/api/ordenes/{first['id']}/", headers=people.owner_a)).status_code == 404


async def test_update_all_moves_every_line_or_none(client, people, app):
    a, b, c = await order(client, people.owner_a, (11, 1, 1), (11, 2, 1), (12, 1, 1))
    await set_status(app, c["id"], "4")
    answer = await client.post("/api/ordenes/update-all/", json={"pk_resto": 10, "lines": [
        {"pk": a["id"], "status": "2"}, {"pk": c["id"], "status": "3"}]}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "illegal_transition"
    listed = (await client.get("/api/ordenes/?fk_sit__fk_resto=10&paginate=0", headers=people.owner_a)).json()
    assert {l["id"]: l["status"] for l in listed} == {a["id"]: "1", b["id"]: "1", c["id"]: "4"}
    answer = await client.post("/api/ordenes/update-all/", json={"pk_resto": 10, "lines": [
        {"pk": a["id"], "status": "2"}, {"pk": b["id"], "status": 2}]}, headers=people.owner_a)
    assert answer.status_code == 200 and [l["status"] for l in answer.json()] == ["2", "2"]
    [event] = await outbox(app, "ordering.line.status_changed")
    assert len(event["changes"]) == 2
