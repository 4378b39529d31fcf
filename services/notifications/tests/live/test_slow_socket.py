"""A socket too slow to take its frames is closed (1013, try again later) and dropped instead of
holding the stream up or piling frames up without bound: too many frames waiting, too many bytes
waiting, or one frame it does not take in time. It catches up when it reconnects."""
import asyncio
import json
import socket
from datetime import UTC, datetime

import pytest
from websockets.client import ClientProtocol
from websockets.frames import Frame
from websockets.http11 import Response
from websockets.uri import parse_uri

from contracts.floor import WaiterCalled
from kit.auth import OWNER
from kit.i18n import Text
from notifications.notification import drafts
from notifications.notification.message import WAITER_CALL, Draft
from notifications.notification.service import record
from tests.conftest import served
from tests.helpers import A, OWNER_A, STAFF, WAIT, caught_up, closing, open_socket, staff_socket


async def burst(app, *drafted: Draft) -> None:
    """Messages recorded and published together: the hub offers them to a socket all at once."""
    async with app.state.session_factory() as session, session.begin():
        messages = await record(session, list(drafted))
    await app.state.hub.publish(messages)


def call(place_id: int, text_size: int = 0) -> Draft:
    if not text_size:
        event = WaiterCalled(restaurant_id=A, place_id=place_id, place_name=f"M{place_id}")
        return drafts.waiter_called(event, event.place_name)
    text = Text(es="x" * text_size, en="x" * text_size)
    return Draft(restaurant_id=A, type=WAITER_CALL, description=f"M{place_id}", msg=text, created_at=datetime.now(UTC), place_id=place_id)


@pytest.mark.parametrize("overrides", [{"socket_queue_limit": 1}], ids=["one frame waits"])
async def test_a_socket_that_falls_behind_is_closed_and_catches_up_when_it_reconnects(app, people, ws_url):
    token = people.token(OWNER_A, OWNER)
    ws, ready_frame = await staff_socket(ws_url, token)
    await burst(app, call(1), call(2), call(3))  # three frames at once for a socket that holds one
    received, code, reason = await closing(ws)
    assert (code, reason) == (1013, "too_slow")
    assert received[-1]["code"] == "too_slow"
    seen = max([ready_frame["last_id"], *(frame["id"] for frame in received if "id" in frame)])
    again = await open_socket(ws_url, STAFF, {"type": "auth", "token": token, "last_id": seen})
    missed, _ = await caught_up(again)
    assert [frame["id"] for frame in received[:-1] + missed] == [1, 2, 3]


@pytest.mark.parametrize("overrides", [{"socket_queue_bytes": 10_000}], ids=["10 kB wait"])
async def test_a_socket_with_too_many_bytes_waiting_is_closed(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    await burst(app, call(1, 6_000), call(2, 6_000), call(3, 6_000))  # few frames, but big ones
    received, code, reason = await closing(ws)
    assert (code, reason) == (1013, "too_slow")
    assert [frame.get("id") for frame in received[:-1]] in ([], [1])  # never the whole burst


@pytest.fixture
async def stingy_url(app):
    """The app served with small kernel send buffers, so that a client that stops reading blocks
    the server's sends after a few frames instead of megabytes."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # inherited by accepted sockets
    async with served(app, listener) as url:
        yield url


async def stalled_client(url: str, hello: dict) -> asyncio.StreamWriter:
    """A client that authenticates, reads up to its `ready` frame, and then reads nothing more: a
    raw connection with a small receive buffer (a library client would keep reading into its own)."""
    uri = parse_uri(url)
    protocol = ClientProtocol(uri)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((uri.host, uri.port))
    reader, writer = await asyncio.open_connection(sock=sock, limit=4096)
    protocol.send_request(protocol.connect())
    writer.write(b"".join(protocol.data_to_send()))
    async with asyncio.timeout(WAIT):
        while protocol.handshake_exc is None and not isinstance(next(iter(protocol.events_received()), None), Response):
            protocol.receive_data(await reader.read(4096))
        protocol.send_text(json.dumps(hello).encode())
        writer.write(b"".join(protocol.data_to_send()))
        while not any(isinstance(e, Frame) and b'"ready"' in e.data for e in protocol.events_received()):
            protocol.receive_data(await reader.read(4096))
    return writer


@pytest.mark.parametrize("overrides", [{"socket_send_seconds": 0.5, "socket_queue_bytes": 10**8}], ids=["0.5 s to take a frame"])
async def test_a_client_that_stops_reading_is_dropped_without_buffering_for_it(app, people, stingy_url):
    """Well within the queue's bounds (ten frames of 60 kB), but the client takes none: the
    server's send waits, then gives up, and the socket leaves the hub."""
    client = await stalled_client(stingy_url + STAFF, {"type": "auth", "token": people.token(OWNER_A, OWNER)})
    try:
        assert app.state.hub.open_sockets == 1
        await burst(app, *(call(place_id, 60_000) for place_id in range(1, 11)))
        async with asyncio.timeout(10):
            while app.state.hub.open_sockets:
                await asyncio.sleep(0.05)
    finally:
        client.close()
