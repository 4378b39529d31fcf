"""One socket's queue (live/connection.py): frames wait within bounds (a number of frames, a number of
characters), a socket past either is closed as too slow and what waited is dropped; a frame the
catch-up already sent is not sent again; a client that takes no frame in time is closed too."""
import asyncio

import pytest

from kit.auth import OWNER
from notifications.live.connection import Connection
from notifications.live.scope import StaffScope
from notifications.settings import Settings
from tests.unit.fakes import WebSocket, principal, settle

A, B = 1, 2
SCOPE = StaffScope(principal(10, OWNER), None, frozenset({A, B}))


def connection(lang="es", **limits) -> Connection:
    return Connection(WebSocket(), SCOPE, lang, Settings(**limits))


def frame(n: int, size: int = 0) -> dict:
    """A message's frame in both languages; `size` characters long when given."""
    text = f'{{"id": {n}}}'
    text = text + " " * max(0, size - len(text))
    return {"es": text, "en": text.replace("id", "ID")}


async def run(conn: Connection, *offers: tuple[int, int, dict], first: list[str] = ()) -> tuple[list[str], tuple | None]:
    """Offer frames while the socket runs, let it send what it can, then the client leaves: what it
    was sent, and how it was closed."""
    task = asyncio.create_task(conn.run(list(first)))
    await settle()
    for offer in offers:
        conn.offer(*offer)
    await settle()
    conn.websocket.leave()
    async with asyncio.timeout(2):
        await task
    return conn.websocket.sent, conn.websocket.closed


@pytest.mark.parametrize("limit, offered, closed", [(3, 3, False), (3, 4, True), (1, 2, True), (1, 1, False)])
def test_past_its_frame_limit_a_socket_is_closed_and_what_waited_is_dropped(limit, offered, closed):
    conn = connection(socket_queue_limit=limit)
    for n in range(1, offered + 1):
        conn.offer(A, n, frame(n))
    assert (conn._closure is not None, len(conn._frames)) == (closed, 0 if closed else offered)
    if closed:
        assert conn._closure.code == "too_slow"


@pytest.mark.parametrize("sizes, closed", [((400, 400, 200), False), ((400, 400, 201), True), ((1001,), True), ((1000,), False)])
def test_past_its_characters_limit_a_socket_is_closed(sizes, closed):
    conn = connection(socket_queue_bytes=1000)
    for n, size in enumerate(sizes, 1):
        conn.offer(A, n, frame(n, size))
    assert conn._closure is not None if closed else conn._closure is None
    assert conn._size == (0 if closed else sum(sizes))


def test_a_closed_socket_takes_nothing_more_and_keeps_its_first_reason():
    from notifications.live import errors

    conn = connection()
    conn.close(errors.PLACE_CLOSED)
    conn.close(errors.TOO_SLOW)
    conn.offer(A, 1, frame(1))
    assert (conn._closure.code, len(conn._frames)) == ("place_closed", 0)


async def test_the_frames_go_in_the_sockets_language_and_order():
    sent, closed = await run(connection("en"), (A, 1, frame(1)), (B, 2, frame(2)), (A, 3, frame(3)))
    assert (sent, closed) == (['{"ID": 1}', '{"ID": 2}', '{"ID": 3}'], None)


async def test_the_catch_up_goes_first_and_a_live_frame_it_already_sent_is_skipped_per_restaurant():
    conn = connection()
    conn.sent_up_to = {A: 5, B: 2}  # the catch-up's newest of each
    sent, _ = await run(conn, (A, 4, frame(4)), (A, 5, frame(5)), (B, 3, frame(3)), (A, 6, frame(6)), first=['{"ready": 1}'])
    assert sent == ['{"ready": 1}', '{"id": 3}', '{"id": 6}']
    assert conn.sent_up_to == {A: 6, B: 3}


async def test_a_socket_closed_while_running_is_told_why_and_closed_with_its_code():
    sent, closed = await run(connection(socket_queue_limit=1), (A, 1, frame(1)), (A, 2, frame(2)), (A, 3, frame(3)))
    assert closed == (1013, "too_slow")
    assert sent[-1] == '{"type":"error","code":"too_slow","detail":"La conexión no recibe los mensajes a tiempo: vuelva a conectarse."}'
    assert len(sent) <= 2  # at most the frame taken before the pile-up, and the error


async def test_a_client_that_takes_no_frame_in_time_is_closed_as_too_slow(monkeypatch):
    from notifications.live import connection as module

    monkeypatch.setattr(module, "CLOSE_SECONDS", 0.01)  # telling it why is not waited for long either
    conn = connection(socket_send_seconds=0.01)
    conn.websocket.stalled = True
    task = asyncio.create_task(conn.run([]))
    conn.offer(A, 1, frame(1))
    async with asyncio.timeout(2):
        await task  # the send gave up, the socket closed (its error frame cannot reach a client that reads nothing)
    assert conn._closure.code == "too_slow"
