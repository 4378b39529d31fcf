"""A table on the board (spec part 2 §4 'Table display status', 'Wait-time timer', §5 'no reject'),
end to end: the board's listing, the late flag, the bulk buttons and freeing a table through their
calls. The display status, the buttons' rules, 'no reject' and what a line may do are the unit
layer's (tests/unit/test_transitions.py, test_table.py)."""
from datetime import UTC, datetime, timedelta

from sqlalchemy import update

from ordering.order.models import OrderLine
from tests.helpers import A, deliver, order, outbox, profile, set_status


async def tables(client, headers, lang="es"):
    answer = await client.get("/api/ordenes/mesas/?fk_resto=10", headers={**headers, "Accept-Language": lang})
    assert answer.status_code == 200, answer.text
    return {t["fk_sit"]: t for t in answer.json()}


async def test_the_board_shows_each_tables_status_and_counts_and_free_tables(client, people, app):
    a, b, c = await order(client, people.owner_a, (11, 1, 1), (11, 2, 1), (11, 1, 2))
    await set_status(app, b["id"], "2")
    await set_status(app, c["id"], "3")
    board = await tables(client, people.operator_a)
    assert (board[11]["status"], board[11]["counts"], board[11]["i_name"]) == ("1", {"1": 1, "2": 1, "3": 1}, "M11")
    assert (board[12]["status"], board[12]["counts"], board[12]["late"]) == (None, {}, False)


async def age_orders(app, minutes: int) -> None:
    async with app.state.session_factory() as session, session.begin():
        await session.execute(update(OrderLine).values(created_at=datetime.now(UTC) - timedelta(minutes=minutes)))


async def test_a_table_waiting_longer_than_the_wait_time_is_flagged(client, people, app):
    await deliver(app, profile(A, wait_time=15))
    [line] = await order(client, people.owner_a, (11, 1, 1))
    assert (await tables(client, people.owner_a))[11]["late"] is False
    await age_orders(app, 16)
    board = await tables(client, people.owner_a)
    assert board[11]["late"] is True and board[11]["late_message"] == "La mesa M11 lleva más tiempo del indicado"
    assert (await tables(client, people.owner_a, "en"))[11]["late_message"] == "Table M11 has been waiting longer than set"
    await set_status(app, line["id"], "4")  # served: no longer waiting
    assert (await tables(client, people.owner_a))[11]["late"] is False


async def test_bulk_accept_then_deliver_moves_only_the_matching_lines(client, people, app):
    a, b, c = await order(client, people.owner_a, (11, 1, 1), (11, 2, 1), (12, 1, 1))
    await set_status(app, b["id"], "3")
    answer = await client.post("/api/ordenes/mesa/11/aceptar/", headers=people.operator_a)
    assert answer.status_code == 200 and [(l["id"], l["status"]) for l in answer.json()["lines"]] == [(a["id"], "2")]
    answer = await client.post("/api/ordenes/mesa/11/entregar/", headers=people.operator_a)
    assert [(l["id"], l["status"]) for l in answer.json()["lines"]] == [(a["id"], "4")]
    statuses = {l["id"]: l["status"] for l in (await client.get("/api/ordenes/?fk_sit__fk_resto=10&paginate=0", headers=people.owner_a)).json()}
    assert statuses == {a["id"]: "4", b["id"]: "3", c["id"]: "1"}
    assert [len(e["changes"]) for e in await outbox(app, "ordering.line.status_changed")] == [1, 1]


async def test_freeing_a_table_rejects_its_open_orders_clears_its_tab_and_is_announced(client, people, app):
    a, b, c = await order(client, people.owner_a, (11, 1, 1), (11, 2, 1), (11, 1, 1))
    await set_status(app, b["id"], "2")
    await set_status(app, c["id"], "4")
    answer = await client.post("/api/ordenes/mesa/11/liberar/", headers={**people.owner_a, "Accept-Language": "en"})
    assert answer.status_code == 200 and answer.json()["detail"] == "Table freed."
    assert sorted((l["id"], l["status"]) for l in answer.json()["lines"]) == [(a["id"], "3"), (b["id"], "3")]
    assert (await tables(client, people.owner_a))[11]["status"] is None
    assert [(e["place_id"], e["place_name"]) for e in await outbox(app, "ordering.table.freed")] == [(11, "M11")]
    assert [e["place_id"] for e in await outbox(app, "ordering.place.released")] == [11]
    # the tab closes once: after the rejections (the old sitting's last news), before the freeing
    # (the new sitting's first); one transaction's rows share a time, so the events' own times tell
    [closed] = [e for e in await outbox(app, "ordering.tab.closed") if (e["restaurant_id"], e["place_id"]) == (A, 11)]
    [rejections] = await outbox(app, "ordering.line.status_changed")
    [freed] = await outbox(app, "ordering.table.freed")
    assert sorted((c["line_id"], c["to_status"]) for c in rejections["changes"]) == [(a["id"], "3"), (b["id"], "3")]
    at = datetime.fromisoformat
    assert at(rejections["occurred_at"]) < at(closed["occurred_at"]) <= at(freed["occurred_at"])
    assert {dish for e in await outbox(app, "ordering.dish.released") for dish in e["dish_ids"]} == {1, 2}
    # the freed table takes new orders on a fresh tab
    await order(client, people.owner_a, (11, 1, 1))
    assert (await tables(client, people.owner_a))[11]["counts"] == {"1": 1}


async def test_an_unknown_table_is_not_found(client, people):
    assert (await client.post("/api/ordenes/mesa/999/liberar/", headers=people.owner_a)).status_code == 404
    assert (await client.post("/api/ordenes/mesa/11/bailar/", headers=people.owner_a)).status_code == 400


async def test_another_restaurants_table_answers_exactly_like_a_missing_one(client, people):
    for action in ("aceptar", "entregar", "rechazar", "liberar"):
        foreign = await client.post(f"/api/ordenes/mesa/21/{action}/", headers=people.owner_a)
        missing = await client.post(f"/api/ordenes/mesa/999/{action}/", headers=people.owner_a)
        assert foreign.status_code == missing.status_code == 404, action
        assert foreign.json() == missing.json() and foreign.json()["code"] == "place_not_found", action


async def test_one_table_answers_its_tab_and_the_limits_of_a_new_line(client, people, app):
    a, b = await order(client, people.owner_a, (11, 1, 2), (12, 1, 1))
    answer = await client.get("/api/ordenes/mesas/11/", headers=people.operator_a)
    assert answer.status_code == 200, answer.text
    table = answer.json()
    assert (table["fk_sit"], table["status"], table["counts"], table["actions"]) == (11, "1", {"1": 1}, ["aceptar", "rechazar"])
    assert [(l["id"], l["quantity"], l["can_reject"], l["next_status"]) for l in table["lines"]] == [(a["id"], 2, True, "2")]
    assert (table["max_quantity"], table["max_comment"]) == (50, 100)
    assert table == {**(await tables(client, people.owner_a))[11], "lines": table["lines"], "max_quantity": 50, "max_comment": 100}
    await client.post("/api/ordenes/mesa/11/liberar/", headers=people.owner_a)
    assert (await client.get("/api/ordenes/mesas/11/", headers=people.owner_a)).json()["lines"] == []


async def test_another_restaurants_table_is_not_found_like_a_missing_one(client, people):
    foreign = await client.get("/api/ordenes/mesas/21/", headers=people.owner_a)
    missing = await client.get("/api/ordenes/mesas/999/", headers=people.owner_a)
    assert foreign.status_code == missing.status_code == 404
    assert foreign.json() == missing.json()
