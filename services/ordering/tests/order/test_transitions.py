"""Every legal and illegal status change of one line (spec part 2 §4 'Transitions'), one table in code."""
import itertools

from ordering.order.transitions import TRANSITIONS
from tests.helpers import order, outbox, set_status

STATUSES = "1234567"
PAIRS = [(a, b) for a, b in itertools.product(STATUSES, STATUSES) if a != b]
LEGAL = {("1", "2"), ("2", "4"), ("1", "3"), ("2", "3"), ("2", "6"), ("4", "6")}
BY_PAYMENT = {("2", "6"), ("4", "6")}  # legal, but only a payment makes them (tests/payment)


def test_the_table_is_exactly_the_specs_transitions():
    assert set(TRANSITIONS) == LEGAL


async def test_a_status_change_is_allowed_only_if_the_table_has_it_and_paying_only_by_a_payment(client, people, app):
    """All 42 pairs, each on a line of its own (one app for all: each start-up costs a second or two)."""
    outcomes = {}
    for from_status, to_status in PAIRS:
        [line] = await order(client, people.owner_a, (11, 1, 1))
        await set_status(app, line["id"], from_status)
        answer = await client.put(f"/api/ordenes/{line['id']}/", json={"status": to_status}, headers=people.operator_a)
        if answer.status_code == 200:
            assert answer.json()["status"] == to_status and answer.json()["version"] > 1
            outcomes[from_status, to_status] = "moved"
        elif answer.json().get("code") == "paid_only_by_payment":
            outcomes[from_status, to_status] = "payment only"
        else:
            assert answer.status_code == 400 and answer.json()["code"] == "illegal_transition", answer.text
            outcomes[from_status, to_status] = "refused"
    assert outcomes == {
        pair: "payment only" if pair in BY_PAYMENT else "moved" if pair in LEGAL else "refused" for pair in PAIRS
    }


async def test_an_illegal_change_says_which_in_both_languages(client, people, app):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    await set_status(app, line["id"], "4")
    for lang, text in (("es", "Una orden entregada no puede pasar a rechazada."), ("en", "A delivered order cannot become rejected.")):
        answer = await client.put(f"/api/ordenes/{line['id']}/", json={"status": "3"}, headers={**people.owner_a, "Accept-Language": lang})
        assert answer.json() == {"detail": text, "code": "illegal_transition"}


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


async def test_paying_the_last_open_line_resets_the_table(client, people, app):
    from tests.helpers import pay

    first, second = await order(client, people.owner_a, (11, 1, 1), (11, 2, 1))
    for line in (first, second):
        await set_status(app, line["id"], "4")
    await pay(client, people.owner_a, first["id"])
    assert len((await client.get("/api/ordenes/?croquis=1&fk_sit__fk_resto=10&paginate=0", headers=people.owner_a)).json()) == 2
    assert await outbox(app, "ordering.tab.closed") == []  # a line is still open: the sitting goes on
    await pay(client, people.owner_a, second["id"])
    assert (await client.get("/api/ordenes/?croquis=1&fk_sit__fk_resto=10&paginate=0", headers=people.owner_a)).json() == []
    assert [(e["restaurant_id"], e["place_id"]) for e in await outbox(app, "ordering.tab.closed")] == [(10, 11)]


async def test_dish_quantity_and_comment_change_only_while_new(client, people, app):
    [line] = await order(client, people.owner_a, (11, 1, 1))
    answer = await client.put(f"/api/ordenes/{line['id']}/", json={"fk_dish": 2, "quantity": 3, "extra_commentary": "bien cocida"}, headers=people.owner_a)
    assert answer.status_code == 200
    assert (answer.json()["dish_name"], answer.json()["price"], answer.json()["quantity"], answer.json()["extra_commentary"]) == ("Milanesa", "250.50", 3, "bien cocida")
    await set_status(app, line["id"], "2")
    answer = await client.put(f"/api/ordenes/{line['id']}/", json={"quantity": 4}, headers=people.owner_a)
    assert answer.status_code == 400 and answer.json()["code"] == "line_not_editable"


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
