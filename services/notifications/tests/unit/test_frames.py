"""A message as it travels (notification/message.py): the socket's frame, built from the protocol's
models (contracts.live) in the socket's language, what it changed and which resource a screen shows
it in, the bell's shape, the Redis payload and the stored row, and messages stored before a field
existed. A message the protocol does not allow cannot be made a frame."""
from datetime import timedelta
from decimal import Decimal

import pytest
from pydantic import ValidationError

from contracts import live
from contracts.floor import WaiterCallCleared, WaiterCalled
from contracts.ordering import (
    DeliveryChanged, LineEdit, LineFacts, LinesChanged, LinesRemoved, LinesStatusChanged, LineStatusChange, OrderPlaced,
    PaymentNote, TableFreed,
)
from kit.i18n import Text
from notifications.notification import drafts
from notifications.notification.message import Draft, Message, dumps, loads
from tests.unit.fakes import NOW

A = 1
FACTS = LineFacts(line_id=100, dish_id=7, dish_name="Empanada", price=Decimal("1500"), quantity=2, status="2", version=4)


def order(**over) -> OrderPlaced:
    fields = {"restaurant_id": A, "order_id": 50, "placed_at": NOW, "occurred_at": NOW, "place_id": 1, "place_name": "M1",
              "lines": [LineFacts(line_id=100, dish_id=7, dish_name="Empanada", price=Decimal("1500"), quantity=2, status="1")]}
    return OrderPlaced(**{**fields, **over})


def paid(tab_closed=True, place_id=1, delivery_id=None, method="cash") -> LinesStatusChanged:
    def move(line_id: int, version: int) -> LineStatusChange:
        facts = LineFacts(line_id=line_id, dish_id=7, dish_name="Flan", unit_price=Decimal("3600"), quantity=1, status="6", version=version)
        return LineStatusChange(line_id=line_id, dish_name="Flan", quantity=1, from_status="4", to_status="6", line=facts)

    return LinesStatusChanged(restaurant_id=A, place_id=place_id, delivery_id=delivery_id, changes=[move(100, 3), move(101, 4)],
                              payment=PaymentNote(payment_id=41, method=method, amount=Decimal("7200.00"), tab_closed=tab_closed))


def every_draft() -> list[Draft]:
    moved = LineStatusChange(line_id=100, dish_name="Empanada", quantity=2, from_status="1", to_status="2", line=FACTS)
    return [
        drafts.order_placed(order(), "M1"),
        drafts.order_placed(order(kind="delivery", place_id=None, delivery_id=123), "#123"),
        drafts.lines_status_changed(LinesStatusChanged(restaurant_id=A, place_id=1, changes=[moved]), "M1"),
        drafts.lines_removed(LinesRemoved(restaurant_id=A, place_id=1, line_ids=[100]), "M1"),
        drafts.table_freed(TableFreed(restaurant_id=A, place_id=1, lines=[FACTS]), "M1"),
        drafts.waiter_called(WaiterCalled(restaurant_id=A, place_id=1, place_name="M1"), "M1"),
        drafts.waiter_called(WaiterCalled(restaurant_id=A, place_id=1, place_name="M1", kind="bill"), "M1"),
        drafts.waiter_cleared(WaiterCallCleared(restaurant_id=A, place_id=1, place_name="M1"), "M1"),
        drafts.menu_changed(A, 30, NOW, fk_dish=7, disable=True),
        drafts.lines_changed(LinesChanged(restaurant_id=A, place_id=1, edits=[LineEdit(fields=["quantity"], before=FACTS, line=FACTS)]), "M1", 1),
        drafts.delivery_changed(DeliveryChanged(restaurant_id=A, delivery_id=123, number="654321", status="2", fields=["contact"]), "#123"),
        drafts.payment_recorded(paid(), "M1"),
        drafts.payment_recorded(paid(place_id=None, delivery_id=123, tab_closed=False), "#123"),
    ]


def message(draft: Draft, **over) -> Message:
    return Message(**{**draft.__dict__, "id": 9, "seq": 3, **over})


@pytest.mark.parametrize("draft", every_draft(), ids=lambda d: f"{d.type}-{d.place_id}")
def test_every_message_is_a_frame_the_protocol_allows_on_each_socket_that_gets_it(draft):
    models = [model for model, gets in ((live.StaffFrame, draft.for_staff), (live.DinerFrame, draft.for_diners and draft.type != "delivery_changed")) if gets]
    assert models
    for model in models:
        for lang in ("es", "en"):
            frame = model.model_validate_json(message(draft).frame(lang)).root
            assert (frame.type, frame.id, frame.changed.version, frame.changed.fk_resto, frame.msg) == (
                draft.type, 9, 3, A, draft.msg.render(lang))


def test_the_resource_a_message_names_is_where_a_screen_shows_it():
    named = {(d.type, d.place_id): message(d).changed() for d in every_draft()}
    assert {key: (c.resource, c.fk_sit, c.fk_delivery, c.fk_menu) for key, c in named.items()} == {
        ("new_order", 1): ("tab", 1, None, None),
        ("new_delivery", None): ("delivery", None, 123, None),
        ("order_status", 1): ("tab", 1, None, None),
        ("order_removed", 1): ("tab", 1, None, None),
        ("table_freed", 1): ("tab", 1, None, None),
        ("waiter_call", 1): ("waiter_call", 1, None, None),
        ("bill_request", 1): ("waiter_call", 1, None, None),
        ("waiter_call_cleared", 1): ("waiter_call", 1, None, None),
        ("menu_changed", None): ("menu", None, None, 30),
        ("order_changed", 1): ("tab", 1, None, None),
        ("delivery_changed", None): ("delivery", None, 123, None),
        ("payment_recorded", 1): ("tab", 1, None, None),
        ("payment_recorded", None): ("delivery", None, 123, None),
    }
    lines = {key: [(ln.id, ln.status, ln.version) for ln in c.lines] for key, c in named.items() if c.lines}
    assert lines == {
        ("new_order", 1): [(100, "1", None)],
        ("new_delivery", None): [(100, "1", None)],
        ("order_status", 1): [(100, "2", 4)],  # the line's version after the move
        ("order_removed", 1): [(100, None, None)],  # off the tab
        ("table_freed", 1): [(100, None, None)],
        ("order_changed", 1): [(100, "2", 4)],  # the line as the edit left it
        ("payment_recorded", 1): [(100, None, 3), (101, None, 4)],  # the tab closed: off it
        ("payment_recorded", None): [(100, "6", 3), (101, "6", 4)],  # paid, still there
    }


def test_a_payment_that_leaves_lines_open_shows_its_lines_paid_on_the_tab():
    still_open = message(drafts.payment_recorded(paid(tab_closed=False), "M1")).changed()
    assert (still_open.resource, [(ln.id, ln.status, ln.version) for ln in still_open.lines]) == ("tab", [(100, "6", 3), (101, "6", 4)])


def test_a_payments_frame_carries_no_versions_list_in_its_facts():
    frame = live.StaffFrame.model_validate_json(message(drafts.payment_recorded(paid(method="credit"), "M1")).frame("es")).root
    assert (frame.data.payment_id, frame.data.method, frame.data.amount, frame.data.ids, frame.data.tab_closed) == (41, "credit", "7200.00", [100, 101], True)
    assert "versions" not in frame.data.model_dump()


def test_the_frame_names_the_staff_screen_that_caused_it():
    draft = drafts.waiter_cleared(WaiterCallCleared(restaurant_id=A, place_id=1, place_name="M1"), "M1")
    assert live.StaffFrame.model_validate_json(message(draft, origin="screen-1").frame("es")).root.origin == "screen-1"
    assert live.StaffFrame.model_validate_json(message(draft).frame("es")).root.origin is None


def test_messages_stored_before_versions_still_make_frames():
    """Rows written before issue 19 carry no versions and a freed table no lines: null and []."""
    old_lines = [{"id": 100, "fk_dish": 7, "name": "Empanada", "price": "1500.00", "quantity": 2, "status": "1", "extra_commentary": "", "diner_name": ""}]
    placed = message(drafts.order_placed(order(), "M1"), data={"order_id": 50, "kind": "table", "source": "staff", "placed_by": "", "fk_delivery": None, "lines": old_lines})
    moved = message(drafts.lines_status_changed(LinesStatusChanged(restaurant_id=A, place_id=1, changes=[]), "M1"),
                    data={"fk_delivery": None, "changes": [{"id": 100, "name": "Empanada", "quantity": 2, "from_status": "1", "status": "2"}]})
    freed = message(drafts.table_freed(TableFreed(restaurant_id=A, place_id=1), "M1"), data={})
    for old in (placed, moved, freed):
        frame = live.StaffFrame.model_validate_json(old.frame("es")).root
        assert all(line.version is None for line in frame.changed.lines)
    assert [ln.version for ln in live.StaffFrame.model_validate_json(placed.frame("es")).root.data.lines] == [None]
    assert live.StaffFrame.model_validate_json(freed.frame("es")).root.data.ids == []


def test_a_message_the_protocol_does_not_allow_cannot_be_made_a_frame():
    broken = message(drafts.waiter_called(WaiterCalled(restaurant_id=A, place_id=1, place_name="M1"), "M1"), data={"colour": "red"})
    with pytest.raises(ValidationError):
        broken.frame("es")
    unknown = Message(id=1, seq=1, restaurant_id=A, type="sound", description="", msg=Text(es="", en=""), created_at=NOW)
    with pytest.raises(KeyError):
        unknown.frame("es")


def test_the_bell_shows_a_message_in_the_readers_language():
    call = message(drafts.waiter_called(WaiterCalled(restaurant_id=A, place_id=4, place_name="M4", occurred_at=NOW), "M4"))
    assert call.public("en") == {
        "id": 9, "type": "waiter_call", "fk_resto": A, "fk_sit": 4, "order_type": "other", "description": "M4", "from_admin": False,
        "msg": "M4 is calling the waiter", "created_at": NOW.isoformat(), "data": {},
    }
    assert call.public("es")["msg"] == "M4 llama al mozo"


@pytest.mark.parametrize("draft", every_draft(), ids=lambda d: f"{d.type}-{d.place_id}")
def test_a_message_comes_back_the_same_from_its_row_and_from_redis(draft):
    sent = message(draft, origin="screen-1")
    assert Message.of(sent.row()) == sent
    assert loads(dumps([sent, message(draft, id=10, seq=4, created_at=NOW + timedelta(seconds=1))])) == [
        sent, message(draft, id=10, seq=4, created_at=NOW + timedelta(seconds=1))]


def test_a_row_stores_the_text_in_both_languages():
    row = message(drafts.lines_removed(LinesRemoved(restaurant_id=A, place_id=7, line_ids=[1, 2]), "M7")).row()
    assert (row.msg_es, row.msg_en, row.id, row.seq, row.for_staff, row.for_diners) == (
        "M7: se eliminaron 2 pedidos", "M7: 2 orders were removed", 9, 3, True, True)
