"""The unit of work (`order.work.LineWork`) on the in-memory world: its one lock order, its checks,
what the lines hold before and after and the events it writes on exit."""
from decimal import Decimal

import pytest

from contracts.ordering import (
    DishActivated, DishReleased, LinesChanged, LinesRemoved, LinesStatusChanged, PlaceActivated, PlaceReleased,
)
from ordering.order.errors import ChangedMeanwhile, IllegalTransition, PaidLineUndeletable, PaidOnlyByPayment
from ordering.order.work import LockOrder
from tests.unit.fakes import A


async def test_locks_are_taken_places_then_orders_then_lines_each_in_id_order(world):
    second, first = world.order(12), world.order(11)
    lines = [world.line(second, 1), world.line(first, 2), world.line(second, 2)]
    work = world.work()
    locked = await work.lock_lines(A, list(reversed(lines)))
    assert [line.id for line in locked] == sorted(line.id for line in lines)
    assert world.locks == [("places", (11, 12)), ("orders", (second.id, first.id)), ("lines", tuple(sorted(l.id for l in lines)))]


async def test_a_place_or_an_order_is_never_locked_after_orders_or_lines(world):
    order = world.order(11)
    line = world.line(order)
    work = world.work()
    await work.lock((), [order.id])
    with pytest.raises(LockOrder):
        await work.lock([12])
    work = world.work()
    await work.lock_lines(A, [line])
    with pytest.raises(LockOrder):
        await work.lock((), [order.id + 100])
    await work.lock([11], [order.id])  # what it holds already: nothing to take
    assert world.locks == [("orders", (order.id,)), ("places", (11,)), ("orders", (order.id,)), ("lines", (line.id,))]


async def test_every_move_is_checked_before_any_is_made(world):
    order = world.order(11)
    accepted, new = world.line(order, status="2"), world.line(order, status="1")
    work = world.work()
    with pytest.raises(IllegalTransition):
        work.move([(accepted, "4"), (new, "4")])
    with pytest.raises(PaidOnlyByPayment):
        work.move([(accepted, "6")])
    await work.flush()
    assert [(accepted.status, accepted.version), (new.status, new.version), world.events] == [("2", 1), ("1", 1), []]


async def test_a_clean_exit_writes_what_the_work_did_and_an_exception_writes_nothing(world):
    order = world.order(11)
    line = world.line(order, 2)
    with pytest.raises(RuntimeError):
        async with world.work() as work:
            work.move([(line, "2")])
            raise RuntimeError("the request failed after the move")  # its transaction rolls back
    assert world.events == []
    async with world.work() as work:
        work.move([(line, "4")])
        assert world.events == []  # nothing is written before the work ends
    assert [type(e) for e in world.events] == [LinesStatusChanged]


async def test_a_move_takes_one_version_and_announces_the_line_after_it(world):
    order = world.order(11, placed_by="mozo@example.com")
    line = world.line(order, 2, quantity=2)
    work = world.work()
    assert work.move([(line, "2"), (line, "2")]) == [line]
    await work.flush()
    [event] = world.announced(LinesStatusChanged)
    [change] = event.changes
    assert (line.status, line.version) == ("2", 2)
    assert (event.place_id, event.place_name, event.delivery_id, event.payment) == (11, "M11", None, None)
    assert (change.line_id, change.from_status, change.to_status, change.dish_name, change.quantity) == (line.id, "1", "2", "Milanesa", 2)
    assert (change.line.version, change.line.status, change.line.amount, change.line.placed_by) == (
        2, "2", Decimal("501.00"), "mozo@example.com")
    assert world.kinds() == ["LinesStatusChanged"]  # the table and the dish stay held


async def test_rejecting_a_tables_last_open_lines_releases_it_and_its_dishes_once(world):
    order = world.order(11)
    one, two = world.line(order, 1), world.line(order, 1, status="2")
    work = world.work()
    await work.lock_lines(A, [one, two])
    work.move([(one, "3"), (two, "3")])
    await work.flush()
    assert world.kinds() == ["LinesStatusChanged", "PlaceReleased", "DishReleased"]
    released = world.announced(PlaceReleased, DishReleased)
    assert [(type(e).__name__, e.model_dump(include={"place_id", "order_id", "dish_ids"})) for e in released] == [
        ("PlaceReleased", {"place_id": 11}), ("DishReleased", {"order_id": order.id, "dish_ids": [1]})]


async def test_an_open_line_of_the_same_dish_keeps_it_held_and_another_orders_line_keeps_the_table(world):
    first, second = world.order(11), world.order(11)
    a, b, c = world.line(first, 1), world.line(first, 1), world.line(second, 2)
    work = world.work()
    await work.lock_lines(A, [a])
    work.move([(a, "3")])
    await work.flush()
    assert world.kinds() == ["LinesStatusChanged"]
    work = world.work()
    await work.lock_lines(A, [b])
    work.move([(b, "3")])
    await work.flush()
    assert world.kinds()[1:] == ["LinesStatusChanged", "DishReleased"]  # c still holds the table
    assert world.events[-1].model_dump(include={"order_id", "dish_ids"}) == {"order_id": first.id, "dish_ids": [1]}
    assert c.status == "1"


async def test_moving_a_new_line_to_another_table_moves_what_it_holds_and_announces_the_edit(world):
    order = world.order(11)
    line = world.line(order, 1)
    work = world.work()
    await work.lock([11, 12], [order.id])
    await work.change(line, 1, values={"place_id": 12}, fields=["place"])
    await work.flush()
    assert world.kinds() == ["LinesChanged", "PlaceActivated", "PlaceReleased"]
    [edit] = world.announced(LinesChanged)[0].edits
    assert (world.events[0].place_id, world.events[0].place_name, edit.fields) == (12, "M12", ["place"])
    assert (edit.before.place_id, edit.before.version, edit.line.place_id, edit.line.version) == (11, 1, 12, 2)
    assert [e.place_id for e in world.announced(PlaceActivated, PlaceReleased)] == [12, 11]


async def test_a_status_move_and_an_edit_in_one_write_take_one_version_and_announce_both(world):
    order = world.order(11)
    line = world.line(order, 1)
    work = world.work()
    await work.lock([11], [order.id])
    await work.change(line, 1, status="3", values={"fk_user_client": 5}, fields=["client"])
    await work.flush()
    assert (line.status, line.version, line.fk_user_client) == ("3", 2, 5)
    assert world.kinds() == ["LinesChanged", "LinesStatusChanged", "PlaceReleased", "DishReleased"]
    assert world.announced(LinesStatusChanged)[0].changes[0].line.version == 2


async def test_a_line_another_tablet_wrote_first_is_changed_meanwhile_and_nothing_is_announced(world):
    order = world.order(11)
    line = world.line(order, 1)
    world.stale.add(line.id)
    work = world.work()
    with pytest.raises(ChangedMeanwhile):
        await work.change(line, 1, status="2")
    with pytest.raises(ChangedMeanwhile):
        await work.remove(line)
    await work.flush()
    assert (line.status, line.version, line.id in world.lines, world.events) == ("1", 1, True, [])


async def test_removing_a_line_announces_its_facts_as_they_were_and_what_it_released(world):
    order = world.order(11)
    line = world.line(order, 2, status="2")
    work = world.work()
    await work.lock([11], [order.id])
    await work.remove(line)
    await work.flush()
    assert line.id not in world.lines
    assert world.kinds() == ["LinesRemoved", "PlaceReleased", "DishReleased"]
    [removed] = world.announced(LinesRemoved)
    assert (removed.line_ids, removed.lines[0].status, removed.lines[0].amount) == ([line.id], "2", Decimal("250.50"))
    paid = world.line(order, 1, status="6", pay_status="paid")
    with pytest.raises(PaidLineUndeletable):
        await world.work().remove(paid)


async def test_a_delivery_lines_move_keeps_the_deliverys_status_and_its_events_name_its_number(world):
    delivery = world.order(None, delivery_id=70)
    world.delivery_numbers[70] = "4711"
    a, b = world.line(delivery, 1, status="2"), world.line(delivery, 2, status="1")
    work = world.work()
    await work.lock_lines(A, [a, b])
    work.move([(b, "3")])
    await work.flush()
    assert world.kept == [[70]] and world.delivery_status[70] == ("2", None)
    [event] = world.announced(LinesStatusChanged)
    assert (event.place_id, event.delivery_id, event.delivery_number) == (None, 70, "4711")
    assert world.kinds() == ["LinesStatusChanged", "DishReleased"]


async def test_a_second_flush_writes_only_what_happened_since(world):
    order = world.order(11)
    line = world.line(order, 1)
    work = world.work()
    await work.lock_lines(A, [line])
    work.move([(line, "2")])
    await work.flush()
    await work.flush()
    assert world.kinds() == ["LinesStatusChanged"]
    work.move([(line, "4")])
    await work.flush()
    assert world.kinds() == ["LinesStatusChanged", "LinesStatusChanged"]
    assert [c.from_status for e in world.announced(LinesStatusChanged) for c in e.changes] == ["1", "2"]


async def test_placing_announces_the_table_only_when_it_held_nothing_and_every_dish_of_the_order(world):
    work = world.work()
    order, rows, created = await work.place(
        restaurant_id=A, place=world.places[11], source="staff", placed_by="mozo@example.com", now=world.clock(),
        lines=[dict(dish_id=2, dish_name="Milanesa", category_name="", price=Decimal("250.50"), quantity=1,
                    extra_commentary="", fk_user_client=None),
               dict(dish_id=1, dish_name="Empanada", category_name="", price=Decimal("100.00"), quantity=3,
                    extra_commentary="", fk_user_client=None)],
    )
    await work.flush()
    assert created and [(r.status, r.version, r.place_id) for r in rows] == [("1", 1, 11), ("1", 1, 11)]
    assert world.kinds() == ["PlaceActivated", "DishActivated", "OrderPlaced"]
    assert world.announced(DishActivated)[0].dish_ids == [1, 2]
    again = world.work()
    await again.place(restaurant_id=A, place=world.places[11], source="diner", diner_name="Ana", now=world.clock(),
                      lines=[dict(dish_id=1, dish_name="Empanada", category_name="", price=Decimal("100.00"), quantity=1,
                                  extra_commentary="", fk_user_client=None)])
    await again.flush()
    assert world.kinds()[3:] == ["DishActivated", "OrderPlaced"]  # the table was held already
    assert world.events[-1].placed_by == "Ana" and world.events[-1].lines[0].placed_by == "Ana"
