"""Every change of an order line announces the line's full facts, whoever makes it and however
(issue 19): placing (staff, diner, delivery), a status move of one line, update-all, the bulk
buttons, freeing a table, an edit of the dish, quantity, comment, place or client, removing it.
A consumer never needs to ask ordering what a line is or costs."""
from datetime import datetime

from sqlalchemy import select

from ordering.money import line_total
from ordering.order.models import OrderLine
from tests.helpers import A, MENU_A, OPERATOR_A, category, deliver, dish, order, outbox, set_status

CATEGORY = {1: "Entradas", 2: "Principales"}  # of dishes 1 and 2 (tests.helpers.world)
OPERATOR = f"user{OPERATOR_A}@example.com"  # the operator's username in its token


async def listed(client, people) -> dict[int, dict]:
    """Every line of A as the board lists it."""
    answer = await client.get("/api/ordenes/?fk_sit__fk_resto=10&paginate=0", headers=people.owner_a)
    return {line["id"]: line for line in answer.json()}


def matches(facts: dict, line: dict, placed_by: str) -> None:
    """The facts are the line as the board shows it now, with its category, total and orderer."""
    assert {
        "line_id": facts["line_id"], "order_id": facts["order_id"], "restaurant_id": facts["restaurant_id"],
        "place_id": facts["place_id"], "delivery_id": facts["delivery_id"], "dish_id": facts["dish_id"],
        "dish_name": facts["dish_name"], "unit_price": facts["unit_price"], "quantity": facts["quantity"],
        "status": facts["status"], "extra_commentary": facts["extra_commentary"], "diner_name": facts["diner_name"],
        "fk_user_client": facts["fk_user_client"], "version": facts["version"],
    } == {
        "line_id": line["id"], "order_id": line["order"], "restaurant_id": line["fk_resto"], "place_id": line["fk_sit"],
        "delivery_id": line["fk_delivery"], "dish_id": line["fk_dish"], "dish_name": line["dish_name"],
        "unit_price": line["price"], "quantity": line["quantity"], "status": line["status"],
        "extra_commentary": line["extra_commentary"], "diner_name": line["diner_name"],
        "fk_user_client": line["fk_user_client"], "version": line["version"],
    }
    assert datetime.fromisoformat(facts["placed_at"]) == datetime.fromisoformat(line["creation_date"])
    assert facts["changed_at"] is not None and facts["placed_by"] == placed_by
    assert facts["category_name"] == CATEGORY[line["fk_dish"]]
    assert facts["amount"] == str(line_total(line["price"], line["quantity"]))


def moves(events: list[dict]) -> list[tuple[int, str, str, dict]]:
    """(line, from, to, its facts after) of every move in these `ordering.line.status_changed`."""
    return [(c["line_id"], c["from_status"], c["to_status"], c["line"]) for e in events for c in e["changes"]]


async def test_staff_placing_announces_each_lines_facts(client, people, app):
    await order(client, people.operator_a, (11, 1, 2, "sin sal"), (11, 2, 1))
    [placed] = await outbox(app, "ordering.order.placed")
    now = await listed(client, people)
    for facts in placed["lines"]:
        matches(facts, now[facts["line_id"]], OPERATOR)
    assert [(f["dish_name"], f["category_name"], f["amount"]) for f in placed["lines"]] == [
        ("Empanada", "Entradas", "200.00"), ("Milanesa", "Principales", "250.50"),
    ]


async def test_a_diners_order_and_a_delivery_announce_their_lines_facts(client, people, app):
    answer = await client.post("/api/ordenes/lugar/token-11/", json={"diner_name": "Ana", "ordenes": [{"fk_dish": 2, "quantity": 3}]},
                               headers={"Idempotency-Key": "tap-facts-1"})
    assert answer.status_code == 201, answer.text
    delivery = await client.post("/api/delivery/", json={
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": 2, "contact_info": {"name": "Beto", "phone": "1144556677"},
        "ordenes": [{"fk_dish": 1, "quantity": 1}],
    }, headers=people.operator_a)
    assert delivery.status_code == 201, delivery.text
    diner, staff = sorted(await outbox(app, "ordering.order.placed"), key=lambda e: e["source"])
    now = await listed(client, people)
    matches(diner["lines"][0], now[diner["lines"][0]["line_id"]], "Ana")
    assert diner["lines"][0]["amount"] == "751.50"
    [facts] = staff["lines"]
    matches(facts, now[facts["line_id"]], OPERATOR)
    assert (facts["delivery_id"], facts["place_id"]) == (delivery.json()["id"], None)


async def test_a_status_move_of_one_line_announces_the_line_after_it(client, people, app):
    [line] = await order(client, people.operator_a, (11, 1, 2))
    assert (await client.put(f"/api/ordenes/{line['id']}/", json={"status": "2"}, headers=people.owner_a)).status_code == 200
    [(line_id, before, after, facts)] = moves(await outbox(app, "ordering.line.status_changed"))
    assert (line_id, before, after, facts["status"], facts["version"]) == (line["id"], "1", "2", "2", 2)
    matches(facts, (await listed(client, people))[line["id"]], OPERATOR)  # who placed it, not who moved it


async def test_update_all_and_the_bulk_buttons_announce_every_line_they_move(client, people, app):
    a, b = await order(client, people.operator_a, (11, 1, 1), (11, 2, 1))
    answer = await client.post("/api/ordenes/update-all/", json={"pk_resto": A, "lines": [{"pk": a["id"], "status": "2"}, {"pk": b["id"], "status": "2"}]},
                               headers=people.operator_a)
    assert answer.status_code == 200, answer.text
    assert (await client.post("/api/ordenes/mesa/11/entregar/", headers=people.operator_a)).status_code == 200
    [c] = await order(client, people.operator_a, (11, 1, 1))
    assert (await client.post("/api/ordenes/mesa/11/rechazar/", headers=people.operator_a)).status_code == 200
    moved = moves(await outbox(app, "ordering.line.status_changed"))
    assert sorted((line_id, before, after) for line_id, before, after, _ in moved) == sorted([
        (a["id"], "1", "2"), (b["id"], "1", "2"), (a["id"], "2", "4"), (b["id"], "2", "4"), (c["id"], "1", "3"),
    ])
    now = await listed(client, people)
    for line_id, _, after, facts in moved:
        assert facts["status"] == after
        if now[line_id]["status"] == after:  # its latest move: the facts are the line as it is
            matches(facts, now[line_id], OPERATOR)


async def test_freeing_a_table_announces_the_rejected_lines_facts(client, people, app):
    a, b = await order(client, people.operator_a, (11, 1, 1), (11, 2, 1))
    await set_status(app, b["id"], "4")
    assert (await client.post("/api/ordenes/mesa/11/liberar/", headers=people.operator_a)).status_code == 200
    [(line_id, before, after, facts)] = moves(await outbox(app, "ordering.line.status_changed"))
    assert (line_id, before, after, facts["status"]) == (a["id"], "1", "3", "3")
    [freed] = await outbox(app, "ordering.table.freed")
    [rejected] = freed["lines"]
    matches(rejected, (await listed(client, people))[a["id"]], OPERATOR)  # after the tab closed too


async def test_each_edit_of_a_new_line_announces_what_changed_with_the_line_before_and_after(client, people, app):
    [line] = await order(client, people.operator_a, (11, 1, 1))
    url = f"/api/ordenes/{line['id']}/"
    for change in ({"quantity": 3}, {"fk_dish": 2}, {"extra_commentary": "sin sal"}, {"fk_sit": 12}):
        answer = await client.put(url, json=change, headers=people.operator_a)
        assert answer.status_code == 200, answer.text
    await set_status(app, line["id"], "2")
    assert (await client.put(url, json={"fk_user_client": 77}, headers=people.operator_a)).status_code == 200  # at any status
    changed = await outbox(app, "ordering.line.changed")
    edits = [edit for event in changed for edit in event["edits"]]
    assert [edit["fields"] for edit in edits] == [["quantity"], ["dish"], ["comment"], ["place"], ["client"]]
    assert [(e["before"]["quantity"], e["line"]["quantity"]) for e in edits][0] == (1, 3)
    dish = edits[1]
    assert (dish["before"]["dish_name"], dish["before"]["category_name"], dish["before"]["amount"]) == ("Empanada", "Entradas", "300.00")
    assert (dish["line"]["dish_name"], dish["line"]["category_name"], dish["line"]["unit_price"], dish["line"]["amount"]) == (
        "Milanesa", "Principales", "250.50", "751.50")
    assert (edits[2]["before"]["extra_commentary"], edits[2]["line"]["extra_commentary"]) == ("", "sin sal")
    moved = edits[3]
    assert (moved["before"]["place_id"], moved["line"]["place_id"], changed[3]["place_id"], changed[3]["place_name"]) == (11, 12, 12, "M12")
    assert (edits[4]["before"]["fk_user_client"], edits[4]["line"]["fk_user_client"]) == (None, 77)
    assert [e["line"]["version"] for e in edits] == [2, 3, 4, 5, 6]  # the set_status above wrote no version
    matches(edits[4]["line"], (await listed(client, people))[line["id"]], OPERATOR)
    assert await outbox(app, "ordering.line.status_changed") == []  # no status moved


async def test_a_status_move_and_an_edit_in_one_request_announce_both(client, people, app):
    [line] = await order(client, people.operator_a, (11, 1, 1))
    answer = await client.put(f"/api/ordenes/{line['id']}/", json={"status": "2", "quantity": 2}, headers=people.operator_a)
    assert answer.status_code == 200, answer.text
    [changed] = await outbox(app, "ordering.line.changed")
    [(_, before, after, facts)] = moves(await outbox(app, "ordering.line.status_changed"))
    assert (changed["edits"][0]["fields"], changed["edits"][0]["line"]["status"], before, after) == (["quantity"], "2", "1", "2")
    assert changed["edits"][0]["line"] == facts | {"changed_at": changed["edits"][0]["line"]["changed_at"]}


async def test_removing_a_line_announces_its_facts_as_they_were(client, people, app):
    [line] = await order(client, people.operator_a, (11, 2, 2))
    before = (await listed(client, people))[line["id"]]
    assert (await client.delete(f"/api/ordenes/{line['id']}/", headers=people.owner_a)).status_code == 204
    [removed] = await outbox(app, "ordering.line.removed")
    assert removed["line_ids"] == [line["id"]]
    matches(removed["lines"][0], before, OPERATOR)


async def test_a_line_placed_before_its_category_was_known_takes_its_name_when_it_arrives(client, people, app):
    await deliver(app, dish(5, name="Flan", category=8))  # category 8 not known yet
    flan, empanada = await order(client, people.operator_a, (11, 5, 1), (11, 1, 1))
    [placed] = await outbox(app, "ordering.order.placed")
    assert [f["category_name"] for f in placed["lines"]] == ["", "Entradas"]
    await deliver(app, category(8, "Postres"), category(1, "Entradas y tapas"))
    async with app.state.session_factory() as session:
        names = dict((await session.execute(select(OrderLine.id, OrderLine.category_name))).all())
    # the unnamed line takes its category's name; a named one keeps the name it was placed with
    assert (names[flan["id"]], names[empanada["id"]]) == ("Postres", "Entradas")


async def test_a_delivery_orders_line_events_name_it_by_the_number_its_screens_show(client, people, app):
    """The tablets' toasts say '#482913' as the delivery list does, not the order's internal id."""
    made = await client.post("/api/delivery/", json={
        "fk_resto": A, "fk_menu": MENU_A, "type_delivery": 1, "fk_delivery": "482913", "address": "Av. Siempre Viva 742",
        "contact_info": {"name": "Beto", "phone": "1144556677"}, "ordenes": [{"fk_dish": 1, "quantity": 1}, {"fk_dish": 2, "quantity": 1}],
    }, headers=people.operator_a)
    assert made.status_code == 201, made.text
    first, second = sorted(line["line_id"] for line in (await outbox(app, "ordering.order.placed"))[0]["lines"])
    assert (await client.put(f"/api/ordenes/{first}/", json={"quantity": 2}, headers=people.operator_a)).status_code == 200
    assert (await client.put(f"/api/ordenes/{first}/", json={"status": "2"}, headers=people.operator_a)).status_code == 200
    assert (await client.delete(f"/api/ordenes/{second}/", headers=people.operator_a)).status_code == 204
    await order(client, people.operator_a, (11, 1, 1))  # a table's order: no number
    named = {
        kind: [(event["delivery_id"], event["delivery_number"]) for event in await outbox(app, f"ordering.{kind}")]
        for kind in ("order.placed", "line.changed", "line.status_changed", "line.removed")
    }
    delivery = made.json()["id"]
    assert named == {
        "order.placed": [(delivery, "482913"), (None, None)],
        "line.changed": [(delivery, "482913")],
        "line.status_changed": [(delivery, "482913")],
        "line.removed": [(delivery, "482913")],
    }
