"""The live stream's figures on /metrics (kit.metrics): open websockets by kind, the frames sent on
them, and the sockets the server closed by reason."""
import asyncio
import time

import httpx
from prometheus_client.parser import text_string_to_metric_families

from kit.auth import OWNER
from tests.helpers import A, OWNER_A, STAFF, closing, deliver, next_frame, open_socket, order, staff_socket


async def reading(app, sample: str, **labels: str) -> float | None:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://notifications") as http:
        exposition = (await http.get("/metrics")).text
    for family in text_string_to_metric_families(exposition):
        for s in family.samples:
            if s.name == sample and all(s.labels.get(k) == v for k, v in labels.items()):
                return s.value
    return None  # a reason no socket was closed for yet


async def eventually_reads(app, sample: str, expected: float, **labels: str) -> None:
    deadline = time.monotonic() + 10
    while (now := await reading(app, sample, **labels)) != expected:
        assert time.monotonic() < deadline, (sample, labels, now, expected)
        await asyncio.sleep(0.02)


async def test_open_staff_sockets_and_the_frames_sent_to_them_are_counted(app, people, ws_url):
    sockets = await reading(app, "resto_websocket_connections", kind="staff")
    sent = await reading(app, "resto_websocket_frames_sent_total", kind="staff")
    ws, ready = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    assert ready["restaurants"] == [A]
    assert await reading(app, "resto_websocket_connections", kind="staff") == sockets + 1
    await deliver(app, order(restaurant=A))
    assert (await next_frame(ws))["type"] == "new_order"
    assert await reading(app, "resto_websocket_frames_sent_total", kind="staff") == sent + 2  # ready, new_order
    await ws.close()
    await eventually_reads(app, "resto_websocket_connections", sockets, kind="staff")


async def test_a_socket_the_server_closes_is_counted_by_its_reason(app, ws_url):
    closed = await reading(app, "resto_websocket_closed_total", code="invalid_token") or 0
    ws = await open_socket(ws_url, STAFF, {"type": "auth", "token": "not.a.jwt"})
    assert (await closing(ws))[1:] == (4401, "invalid_token")
    await eventually_reads(app, "resto_websocket_closed_total", closed + 1, code="invalid_token")

