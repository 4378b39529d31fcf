"""What a socket is sent is built from the protocol's models (contracts.live): a stored message the
protocol does not allow is never sent, live or on catch-up, and the stream goes on; a message names
the staff screen that caused it, live and on catch-up. (That every kind of message, drafted from its
event, is a frame the protocol allows, in both languages, and so are rows stored before a field
existed: tests/unit/test_frames.py.)"""
from datetime import UTC, datetime
from decimal import Decimal

from contracts.floor import WaiterCalled
from contracts.ordering import LineFacts, LinesStatusChanged, LineStatusChange
from kit.auth import OWNER
from kit.i18n import Text
from notifications.notification.message import Draft
from notifications.notification.service import record
from tests.helpers import A, OWNER_A, STAFF, caught_up, deliver, next_frame, open_socket, staff_socket

NOW = datetime(2026, 11, 22, 21, 4, 5, tzinfo=UTC)
FACTS = LineFacts(line_id=100, dish_id=7, dish_name="Empanada", price=Decimal("1500"), quantity=2, status="2", version=4)


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
