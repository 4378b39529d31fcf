"""Staff's changes of lines (spec part 2 §4): one line's status and edits, removing it, and
update-all with the delivery screen's reading; on the in-memory world."""
from decimal import Decimal

import pytest

from contracts.ordering import LinesChanged, LinesStatusChanged
from ordering.order.changing import change, remove, update_all
from ordering.order.errors import (
    AddOrderDisabled, ChangedMeanwhile, IllegalTransition, LineNotEditable, LineNotFound, PaidOnlyByPayment,
)
from ordering.order.schemas import LineUpdate, UpdateAll
from ordering.settings import Settings
from tests.unit.fakes import A, OPERATOR_A, OWNER_B, World

SETTINGS = Settings()


@pytest.fixture
def world() -> World:
    world = World()
    world.place(11), world.place(12), world.place(13, admin=False)
    world.categories.update({1: "Entradas", 2: "Principales"})
    world.dish(1, "100.00", name="Empanada"), world.dish(2, "250.50", name="Milanesa", category_id=2)
    return world


async def changing(world, line, **fields):
    return await world.run(change, SETTINGS, OPERATOR_A, line.id, LineUpdate(**fields))


async def test_a_new_lines_dish_quantity_comment_and_table_change_in_one_version_each_announced(world):
    line = world.line(world.order(11), 1)
    await changing(world, line, fk_dish=2, quantity=2, extra_commentary="sin sal", fk_sit=12)
    assert (line.dish_id, line.dish_name, line.category_name, line.price, line.quantity, line.extra_commentary,
            line.place_id, line.version) == (2, "Milanesa", "Principales", Decimal("250.50"), 2, "sin sal", 12, 2)
    [event] = world.announced(LinesChanged)
    [edit] = event.edits
    assert (event.place_id, edit.fields, edit.before.dish_name, edit.line.amount) == (
        12, ["dish", "quantity", "comment", "place"], "Empanada", Decimal("501.00"))
    assert world.kinds() == ["LinesChanged", "PlaceActivated", "PlaceReleased", "DishActivated", "DishReleased"]


async def test_only_a_new_line_is_edited_but_whose_it_is_may_be_said_at_any_status(world):
    line = world.line(world.order(11), 1, status="2")
    for edit in (dict(quantity=3), dict(fk_dish=2), dict(extra_commentary="x"), dict(fk_sit=12)):
        with pytest.raises(LineNotEditable):
            await changing(world, line, **edit)
    await changing(world, line, fk_user_client=44)
    assert (line.fk_user_client, line.version, world.announced(LinesChanged)[0].edits[0].fields) == (44, 2, ["client"])


async def test_nothing_to_change_writes_nothing(world):
    line = world.line(world.order(11), 1)
    assert await changing(world, line, quantity=1, status="1", fk_sit=11) is line
    assert (line.version, world.events, world.locks) == (1, [], [])


async def test_a_status_move_is_checked_by_the_table_before_any_edit(world):
    line = world.line(world.order(11), 1)
    with pytest.raises(IllegalTransition):
        await changing(world, line, status="4", quantity=99)
    with pytest.raises(PaidOnlyByPayment):
        await changing(world, world.line(world.order(11), 1, status="4"), status="6")
    await changing(world, line, status="2")
    [moved] = world.announced(LinesStatusChanged)
    assert (line.status, line.version, moved.changes[0].from_status) == ("2", 2, "1")


async def test_a_stale_version_or_another_writer_first_is_changed_meanwhile(world):
    line = world.line(world.order(11), 1)
    with pytest.raises(ChangedMeanwhile):
        await changing(world, line, status="2", version=0)
    world.stale.add(line.id)
    with pytest.raises(ChangedMeanwhile):
        await changing(world, line, status="2", version=1)
    assert (line.status, world.events) == ("1", [])


async def test_a_comment_needs_a_place_that_takes_staffs_orders_and_the_line_must_be_the_callers(world):
    closed = world.line(world.order(13), 1)
    with pytest.raises(AddOrderDisabled):
        await changing(world, closed, extra_commentary="x")
    await changing(world, closed, quantity=2)  # other changes still go
    assert (closed.quantity, closed.extra_commentary) == (2, "")
    line = world.line(world.order(11), 1)
    with pytest.raises(LineNotFound):
        await world.run(change, SETTINGS, OWNER_B, line.id, LineUpdate(status="2"))
    with pytest.raises(LineNotFound):
        await world.run(remove, OWNER_B, line.id)
    await world.run(remove, OPERATOR_A, line.id)
    assert line.id not in world.lines and world.kinds()[1:] == ["LinesRemoved", "PlaceReleased", "DishReleased"]


def all_of(*moves, delivery=False) -> UpdateAll:
    return UpdateAll(pk_resto=A, delivery=delivery, lines=[{"pk": line.id, "status": status} for line, status in moves])


async def test_update_all_moves_every_line_or_none(world):
    order = world.order(11)
    a, b = world.line(order, 1), world.line(order, 2)
    with pytest.raises(IllegalTransition):
        await world.run(update_all, OPERATOR_A, all_of((a, "2"), (b, "4")))
    assert [(a.status, a.version), (b.status, b.version), world.events] == [("1", 1), ("1", 1), []]
    moved = await world.run(update_all, OPERATOR_A, all_of((a, "2"), (b, "3")))
    assert [l.status for l in moved] == ["2", "3"]
    [event] = world.announced(LinesStatusChanged)
    assert [(c.line_id, c.to_status) for c in event.changes] == [(a.id, "2"), (b.id, "3")]
    with pytest.raises(LineNotFound):
        await world.run(update_all, OPERATOR_A, UpdateAll(pk_resto=A, lines=[{"pk": a.id, "status": "4"}, {"pk": 999, "status": "4"}]))


async def test_the_delivery_screens_update_all_leaves_the_lines_its_target_does_not_follow(world):
    delivery = world.order(None, delivery_id=70)
    lines = [world.line(delivery, 1, status=s) for s in ("1", "2", "3", "4", "6")]
    await world.run(update_all, OPERATOR_A, all_of(*((line, "3") for line in lines), delivery=True))
    assert [l.status for l in lines] == ["3", "3", "3", "4", "6"]
    assert world.kept == [[70]] and world.delivery_status[70] == ("4", None)
