"""A socket too slow to take its frames is closed (1013, try again later) instead of holding the
stream up; it catches up when it reconnects."""
import pytest

from contracts.floor import WaiterCalled
from kit.auth import OWNER
from notifications.notification import drafts
from notifications.notification.service import record
from tests.conftest import FAST
from tests.helpers import A, OWNER_A, STAFF, caught_up, closing, open_socket, staff_socket


@pytest.fixture
def build_app(test_env):
    from notifications.main import build_app
    from notifications.settings import Settings

    return lambda: build_app(Settings(**FAST, socket_queue_limit=1))


async def test_a_socket_that_falls_behind_is_closed_and_catches_up_when_it_reconnects(app, people, ws_url):
    token = people.token(OWNER_A, OWNER)
    ws, ready = await staff_socket(ws_url, token)
    calls = [WaiterCalled(restaurant_id=A, place_id=i, place_name=f"M{i}") for i in (1, 2, 3)]
    async with app.state.session_factory() as session, session.begin():
        burst = await record(session, [drafts.waiter_called(call, call.place_name) for call in calls])
    await app.state.hub.publish(burst)  # three frames at once for a socket that holds one
    received, code, reason = await closing(ws)
    assert (code, reason) == (1013, "too_slow")
    assert received[-1]["code"] == "too_slow"
    seen = max([ready["last_id"], *(frame["id"] for frame in received if "id" in frame)])
    again = await open_socket(ws_url, STAFF, {"type": "auth", "token": token, "last_id": seen})
    missed, _ = await caught_up(again)
    assert [frame["id"] for frame in received[:-1] + missed] == [1, 2, 3]
