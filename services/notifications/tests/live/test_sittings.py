"""A table's phones see only its current sitting: once its tab closed (staff freed the table, or a
payment left nothing open), nothing from before reaches a phone, neither in the catch-up nor live,
not even an older event that arrives late."""
from datetime import UTC, datetime, timedelta

import pytest

from contracts.floor import WaiterCalled
from contracts.ordering import LineFacts, LinesStatusChanged, LineStatusChange, TabClosed, TableFreed
from tests.helpers import A, TABLE, caught_up, deliver, next_frame, open_socket, order, place, table_socket

T0 = datetime.now(UTC) - timedelta(minutes=30)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def anas_order(place_id=1, minutes=0):
    line = LineFacts(line_id=100, dish_id=7, dish_name="Empanada", price=1500, quantity=2, status="1",
                     extra_commentary="sin sal, soy celíaca", diner_name="Ana")
    return order(place_id=place_id, place_name=f"M{place_id}", source="diner", placed_by="Ana", lines=[line], occurred_at=at(minutes))


def paid(place_id=1, minutes=0) -> LinesStatusChanged:
    change = LineStatusChange(line_id=100, dish_name="Empanada", quantity=2, from_status="4", to_status="6")
    return LinesStatusChanged(restaurant_id=A, place_id=place_id, place_name=f"M{place_id}", changes=[change], occurred_at=at(minutes))


def closed(place_id=1, minutes=0) -> TabClosed:
    return TabClosed(restaurant_id=A, place_id=place_id, occurred_at=at(minutes))


def freed(place_id=1, minutes=0) -> TableFreed:
    return TableFreed(restaurant_id=A, place_id=place_id, place_name=f"M{place_id}", occurred_at=at(minutes))


@pytest.fixture
async def floor(app):
    await deliver(app, place(1, name="M1", token="token-m1"), place(2, name="M2", token="token-m2"))


async def everything_since(url: str, token: str, last_id: int = 0) -> list[dict]:
    """What a phone asking for the whole history (`last_id` 0) is sent before `ready`."""
    missed, _ = await caught_up(await open_socket(url, TABLE, {"type": "auth", "place_token": token, "last_id": last_id}))
    return missed


async def test_a_new_phone_after_the_table_was_freed_is_sent_nothing_of_the_previous_sitting(app, floor, ws_url):
    # ordering announces the closing of the tab first, then the freeing (services/ordering table/service.py)
    await deliver(app, anas_order(minutes=1), WaiterCalled(restaurant_id=A, place_id=1, place_name="M1", occurred_at=at(2)))
    await deliver(app, closed(minutes=3), freed(minutes=3.001))
    missed = await everything_since(ws_url, "token-m1")
    assert [m["type"] for m in missed] == ["table_freed"]  # the first news of the new sitting
    assert "Ana" not in str(missed) and "celíaca" not in str(missed)
    await deliver(app, anas_order(minutes=4))
    assert [m["type"] for m in await everything_since(ws_url, "token-m1")] == ["table_freed", "new_order"]


async def test_a_new_phone_after_the_tab_was_paid_off_is_sent_nothing_of_the_previous_sitting(app, floor, ws_url):
    await deliver(app, anas_order(minutes=1))
    await deliver(app, paid(minutes=2), closed(minutes=2.001))  # one commit in ordering: the payment, then the closing
    assert await everything_since(ws_url, "token-m1") == []
    await deliver(app, anas_order(place_id=2, minutes=2.5))
    assert [m["fk_sit"] for m in await everything_since(ws_url, "token-m2")] == [2]  # another table's sitting goes on


async def test_an_open_phone_hears_the_new_sitting_and_nothing_of_the_old_one_arriving_late(app, floor, ws_url):
    before, _ = await table_socket(ws_url, "token-m1")  # a phone of the old sitting, left open
    await deliver(app, anas_order(minutes=1))
    assert (await next_frame(before))["data"]["placed_by"] == "Ana"
    await deliver(app, closed(minutes=3))
    after, _ = await table_socket(ws_url, "token-m1")  # the next diner's
    await deliver(app, paid(minutes=2))  # an event of the old sitting, handled late (a retry)
    await deliver(app, WaiterCalled(restaurant_id=A, place_id=1, place_name="M1", occurred_at=at(4)))
    for ws in (before, after):
        frame = await next_frame(ws)
        assert (frame["type"], datetime.fromisoformat(frame["created_at"])) == ("waiter_call", at(4))  # the late payment never came


async def test_an_older_closing_arriving_late_does_not_move_the_sitting_back(app, floor, ws_url):
    await deliver(app, closed(minutes=1), anas_order(minutes=2), closed(minutes=3))
    await deliver(app, closed(minutes=2.5))  # late, and older than the last one
    assert await everything_since(ws_url, "token-m1") == []
    phone, _ = await table_socket(ws_url, "token-m1")
    await deliver(app, anas_order(minutes=2.7))
    await deliver(app, WaiterCalled(restaurant_id=A, place_id=1, place_name="M1", occurred_at=at(4)))
    assert (await next_frame(phone))["type"] == "waiter_call"


async def test_a_tab_closed_elsewhere_changes_nothing_here(app, floor, ws_url):
    await deliver(app, anas_order(minutes=1), closed(place_id=2, minutes=2))
    assert [m["data"]["placed_by"] for m in await everything_since(ws_url, "token-m1")] == ["Ana"]
