"""A table's bulk buttons and freeing it (spec part 2 §4 'Table display status', §5 'no reject'),
through the unit of work on the in-memory world."""
from datetime import timedelta

import pytest

from contracts.ordering import LinesStatusChanged, TabClosed, TableFreed
from ordering.order.errors import OnlinePaymentPending, PlaceNotFound
from ordering.table.errors import NoReject
from ordering.table.service import bulk, free, is_late
from tests.unit.fakes import NOW, OPERATOR_A, OWNER_B, World, said


@pytest.fixture
def world() -> World:
    world = World()
    world.place(11), world.place(12), world.place(21, restaurant_id=20)
    world.dish(1, "100.00"), world.dish(2, "250.50")
    return world


async def test_accept_all_then_deliver_all_move_only_the_lines_each_follows_from(world):
    order = world.order(11)
    new, accepted, delivered = world.line(order, 1), world.line(order, 2, status="2"), world.line(order, 1, status="4")
    other_table = world.line(world.order(12), 1)
    moved = await world.run(bulk, OPERATOR_A, 11, "accept")
    assert moved == [new] and [l.status for l in (new, accepted, delivered, other_table)] == ["2", "2", "4", "1"]
    moved = await world.run(bulk, OPERATOR_A, 11, "deliver")
    assert moved == [new, accepted] and [l.status for l in (new, accepted, delivered)] == ["4", "4", "4"]
    first, second = world.announced(LinesStatusChanged)
    assert [(c.line_id, c.from_status, c.to_status) for c in first.changes] == [(new.id, "1", "2")]
    assert [(c.line_id, c.from_status, c.to_status) for c in second.changes] == [(new.id, "2", "4"), (accepted.id, "2", "4")]
    assert world.kinds() == ["LinesStatusChanged", "LinesStatusChanged"]  # delivered lines still hold the table
    assert world.locks[:3] == [("places", (11,)), ("orders", (order.id,)), ("lines", (new.id, accepted.id, delivered.id))]


async def test_reject_all_only_while_the_table_shows_new_or_accepted(world):
    order = world.order(11)
    delivered, rejected = world.line(order, 1, status="4"), world.line(order, 2, status="3")
    with pytest.raises(NoReject):
        await world.run(bulk, OPERATOR_A, 11, "reject")
    accepted = world.line(order, 2, status="2")
    assert await world.run(bulk, OPERATOR_A, 11, "reject") == [accepted]
    assert [l.status for l in (delivered, rejected, accepted)] == ["4", "3", "3"]
    # The delivered line still holds the table and dish 1; dish 2 was held by the accepted line only.
    assert world.kinds() == ["LinesStatusChanged", "DishReleased"] and world.events[-1].dish_ids == [2]
    with pytest.raises(NoReject):  # shows 4 now
        await world.run(bulk, OPERATOR_A, 11, "reject")


async def test_rejecting_all_of_a_tables_open_lines_releases_it_and_its_dishes(world):
    order = world.order(11)
    lines = [world.line(order, 1), world.line(order, 2, status="2")]
    await world.run(bulk, OPERATOR_A, 11, "reject")
    assert world.kinds() == ["LinesStatusChanged", "PlaceReleased", "DishReleased"]
    assert world.events[-1].dish_ids == [1, 2] and [l.status for l in lines] == ["3", "3"]


async def test_freeing_a_table_rejects_its_open_lines_closes_its_tab_and_then_announces_the_freeing(world):
    order = world.order(11)
    new, accepted, delivered = world.line(order, 1), world.line(order, 2, status="2"), world.line(order, 1, status="4")
    paid = world.line(order, 2, status="6", pay_status="paid", pay_method="cash", payment_id=99)
    rejected = await world.run(free, OPERATOR_A, 11)
    assert rejected == [new, accepted]
    assert [(l.status, l.closed_at is not None) for l in (new, accepted, delivered, paid)] == [
        ("3", True), ("3", True), ("4", True), ("6", True)]
    assert world.kinds() == ["LinesStatusChanged", "PlaceReleased", "DishReleased", "TabClosed", "TableFreed"]
    [freed] = world.announced(TableFreed)
    assert (freed.place_id, freed.place_name, [(l.line_id, l.status) for l in freed.lines]) == (
        11, "M11", [(new.id, "3"), (accepted.id, "3")])
    assert world.announced(TabClosed)[0].place_id == 11
    moved_at = world.announced(LinesStatusChanged)[0].occurred_at
    assert moved_at < world.announced(TabClosed)[0].occurred_at < freed.occurred_at  # the new sitting's first news


async def test_freeing_an_empty_table_still_closes_its_tab(world):
    assert await world.run(free, OPERATOR_A, 12) == []
    assert world.kinds() == ["TabClosed", "TableFreed"] and world.events[1].lines == []


async def test_a_line_an_online_payment_holds_stops_the_freeing(world):
    order = world.order(11)
    held = world.line(order, 1, status="2", pay_status="pending", checkout_id=5)
    with pytest.raises(OnlinePaymentPending):
        await world.run(free, OPERATOR_A, 11)
    assert (held.status, held.closed_at, world.events) == ("2", None, [])


async def test_another_restaurants_table_is_not_found_like_a_missing_one(world):
    for place_id in (21, 999):
        for step in (lambda work: bulk(work, OPERATOR_A, place_id, "accept"), lambda work: free(work, OPERATOR_A, place_id)):
            with pytest.raises(PlaceNotFound):
                await step(world.work())
    with pytest.raises(PlaceNotFound):
        await world.run(free, OWNER_B, 11)
    assert world.locks == [] and world.events == []


def test_reject_all_says_why_not_in_both_languages():
    assert said(NoReject(), "es") == {"detail": "No se puede rechazar: solo se rechazan mesas con órdenes nuevas o aceptadas.",
                                      "code": "no_reject"}
    assert said(NoReject(), "en")["detail"] == "Cannot reject: only tables with new or accepted orders can be rejected."


@pytest.mark.parametrize(("statuses", "age_minutes", "wait", "late"), [
    (("1",), 16, 15, True), (("2", "4"), 16, 15, True), (("4",), 16, 15, False),  # served: no longer waiting
    (("1",), 14, 15, False), (("1",), 600, 0, False),  # a wait time of 0: never late
    ((), 0, 15, False),
])
def test_a_table_is_late_while_it_waits_longer_than_the_wait_time_since_its_newest_order(statuses, age_minutes, wait, late):
    world = World()
    order = world.order(11)
    lines = [world.line(order, 1, status=s, created_at=NOW - timedelta(minutes=age_minutes)) for s in statuses]
    lines += [world.line(order, 1, status="6", created_at=NOW - timedelta(minutes=age_minutes + 30))] if statuses else []
    assert is_late(lines, wait, NOW) == (late, NOW - timedelta(minutes=age_minutes) if statuses else None)
