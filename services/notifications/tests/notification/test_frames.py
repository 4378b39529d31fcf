"""What a socket is sent is built from the protocol's models (contracts.live): every kind of message,
drafted from its event, is a frame the protocol allows, in both languages, and so are messages
stored before a field existed; a stored message the protocol does not allow is never sent."""
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from pydantic import ValidationError

from contracts import live
from contracts.floor import WaiterCallCleared, WaiterCalled
from contracts.ordering import (
    DeliveryChanged, LineEdit, LineFacts, LinesChanged, LinesRemoved, LinesStatusChanged, LineStatusChange, TableFreed,
)
from kit.auth import OWNER
from kit.i18n import Text
from notifications.notification import drafts
from notifications.notification.message import Draft, Message
from notifications.notification.service import record
from tests.helpers import A, OWNER_A, STAFF, caught_up, deliver, next_frame, open_socket, order, staff_socket

NOW = datetime(2026, 11, 22, 21, 4, 5, tzinfo=UTC)
FACTS = LineFacts(line_id=100, dish_id=7, dish_name="Empanada", price=Decimal("1500"), quantity=2, status="2", version=4)


def every_draft() -> list:
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
    ]


def message(draft, **over) -> Message:
    return Message(id=9, seq=3, **{**draft.__dict__, **over})


@pytest.mark.parametrize("draft", every_draft(), ids=lambda d: f"{d.type}-{d.place_id}")
def test_every_message_is_a_frame_the_protocol_allows(draft):
    model = live.StaffFrame if draft.for_staff else live.DinerFrame
    for lang in ("es", "en"):
        frame = model.model_validate_json(message(draft).frame(lang)).root
        assert (frame.type, frame.id, frame.changed.version, frame.changed.fk_resto) == (draft.type, 9, 3, A)


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
    }
    lines = {key: [(l.id, l.status, l.version) for l in c.lines] for key, c in named.items() if c.lines}
    assert lines == {
        ("new_order", 1): [(100, "1", None)],
        ("new_delivery", None): [(100, "1", None)],
        ("order_status", 1): [(100, "2", 4)],  # the line's version after the move
        ("order_removed", 1): [(100, None, None)],  # off the tab
        ("table_freed", 1): [(100, None, None)],
        ("order_changed", 1): [(100, "2", 4)],  # the line as the edit left it
    }


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
    assert live.StaffFrame.model_validate_json(freed.frame("es")).root.data.ids == []


def test_a_message_the_protocol_does_not_allow_cannot_be_made_a_frame():
    broken = message(drafts.waiter_called(WaiterCalled(restaurant_id=A, place_id=1, place_name="M1"), "M1"), data={"colour": "red"})
    with pytest.raises(ValidationError):
        broken.frame("es")
    unknown = Message(id=1, seq=1, restaurant_id=A, type="sound", description="", msg=Text(es="", en=""), created_at=NOW)
    with pytest.raises(KeyError):
        unknown.frame("es")


async def test_a_stored_message_the_protocol_refuses_is_never_sent_and_the_stream_goes_on(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    broken = Draft(restaurant_id=A, type="waiter_call", description="M1", msg=Text(es="x", en="x"), created_at=NOW, data={"colour": "red"})
    async with app.state.session_factory() as session, session.begin():
        await record(session, [broken])  # committed but never published: the hub reads it from the database
    await deliver(app, WaiterCalled(restaurant_id=A, place_id=2, place_name="M2"))
    frame = await next_frame(ws)
    assert (frame["id"], frame["fk_sit"]) == (2, 2)  # 1 was read, refused, and passed over
    again, missed = await open_socket(ws_url, STAFF, {"type": "auth", "token": people.token(OWNER_A, OWNER), "last_id": 0}), []
    missed, ready = await caught_up(again)
    assert ([m["id"] for m in missed], ready["last_id"]) == ([2], 2)  # the catch-up passes over it too


async def test_a_message_names_the_staff_screen_whose_call_caused_it_live_and_on_catch_up(app, people, ws_url):
    """The tab that acted leaves out its own toast (kit.origin); other screens and diners' events name none."""
    screen = "3f2b6c1e-9a47-4d2e-8f1a-2b7c9d0e5a11"
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    moved = LineStatusChange(line_id=100, dish_name="Empanada", quantity=2, from_status="1", to_status="2", line=FACTS)
    await deliver(app, LinesStatusChanged(restaurant_id=A, place_id=1, changes=[moved], origin=screen))
    await deliver(app, WaiterCalled(restaurant_id=A, place_id=2, place_name="M2"))
    live_frames = [await next_frame(ws), await next_frame(ws)]
    assert [(f["type"], f["origin"]) for f in live_frames] == [("order_status", screen), ("waiter_call", None)]
    again = await open_socket(ws_url, STAFF, {"type": "auth", "token": people.token(OWNER_A, OWNER), "last_id": 0})
    missed, _ = await caught_up(again)
    assert [(m["type"], m["origin"]) for m in missed] == [("order_status", screen), ("waiter_call", None)]
