"""A tablet that reconnects sends its last-seen id and gets what it missed, in order and bounded,
then the live messages: nothing missed, nothing twice."""
import asyncio

import pytest

from contracts.floor import WaiterCalled
from kit.auth import OWNER
from tests.conftest import FAST
from tests.helpers import A, B, OWNER_A, STAFF, caught_up, deliver, frames, next_frame, open_socket, staff_socket


def call(restaurant=A, place_id=1) -> WaiterCalled:
    return WaiterCalled(restaurant_id=restaurant, place_id=place_id, place_name=f"M{place_id}")


async def reconnect(url: str, token: str, last_id: int | None):
    ws = await open_socket(url, STAFF, {"type": "auth", "token": token, "last_id": last_id})
    missed, ready = await caught_up(ws)
    return ws, missed, ready


async def test_a_reconnecting_tablet_gets_what_it_missed_in_order_then_live_messages(app, people, ws_url):
    token = people.token(OWNER_A, OWNER)
    ws, _ = await staff_socket(ws_url, token)
    await deliver(app, call(place_id=1))
    seen = (await next_frame(ws))["id"]
    await ws.close()

    for event in (call(place_id=2), call(restaurant=B, place_id=3), call(place_id=4)):
        await deliver(app, event)
    ws, missed, ready = await reconnect(ws_url, token, seen)
    assert [(m["id"], m["description"]) for m in missed] == [(2, "M2"), (4, "M4")]  # B's (3) is not A's
    assert ready == {"type": "ready", "last_id": 4, "last_ids": {str(A): 4}, "resync": False, "restaurants": [A]}
    await deliver(app, call(place_id=5))
    assert (await next_frame(ws))["id"] == 5


async def test_a_first_connection_gets_no_history_but_the_id_to_resume_from(app, people, ws_url):
    await deliver(app, call(place_id=1))
    ws, missed, ready = await reconnect(ws_url, people.token(OWNER_A, OWNER), None)
    assert (missed, ready["last_id"], ready["resync"]) == ([], 1, False)


async def test_after_missing_too_much_a_tablet_gets_the_newest_and_is_told_to_reload(app, people, ws_url):
    limit = FAST["catch_up_limit"]
    await deliver(app, call(place_id=1))
    for place_id in range(2, limit + 4):
        await deliver(app, call(place_id=place_id))
    ws, missed, ready = await reconnect(ws_url, people.token(OWNER_A, OWNER), 1)
    assert [m["id"] for m in missed] == list(range(2, limit + 4))[-limit:]  # the newest `limit` of the missed
    assert (ready["last_id"], ready["resync"]) == (limit + 3, True)


async def test_a_last_seen_id_this_server_never_gave_asks_for_a_reload(app, people, ws_url):
    await deliver(app, call())
    ws, missed, ready = await reconnect(ws_url, people.token(OWNER_A, OWNER), 999)
    assert (missed, ready["last_id"], ready["resync"]) == ([], 1, True)
    await deliver(app, call(place_id=2))
    assert (await next_frame(ws))["id"] == 2


# every message of the test within one catch-up: on a loaded machine a reconnect took long enough
# for more than the suite's 5 to arrive, and the screen was rightly told to reload (resync) instead
@pytest.mark.parametrize("overrides", [{"catch_up_limit": 100}], ids=["all caught up"])
async def test_reconnecting_again_and_again_while_orders_arrive_misses_nothing_and_repeats_nothing(app, people, ws_url):
    """Messages committed while a socket reconnects (during its catch-up, between catch-up and live)
    reach it exactly once: the ids it sees, over all its connections, are 1..N in order."""
    total, token = 30, people.token(OWNER_A, OWNER)

    async def orders_arrive():
        for place_id in range(1, total + 1):
            await deliver(app, call(place_id=place_id))

    arriving = asyncio.create_task(orders_arrive())
    seen: list[int] = []
    last_id = 0
    while not seen or seen[-1] < total:
        ws, missed, ready = await reconnect(ws_url, token, last_id)
        assert not ready["resync"], (last_id, ready, seen)
        seen += [m["id"] for m in missed]
        last_id = max([last_id, ready["last_id"], *seen])
        for frame in await frames(ws, min(2, total - last_id)):  # a couple of live ones, then drop the line
            seen.append(frame["id"])
            last_id = frame["id"]
        await ws.close()
    await arriving
    assert seen == list(range(1, total + 1))
