"""Ordering's API as billing reads it: a process restarting is waited for within the timeout; one
that stays away is `ordering_unavailable` and changes nothing."""
import asyncio
import socket
from decimal import Decimal

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

from billing.checkout.ordering import OrderingApi, OrderingUnavailable
from tests.checkout.steps import PAY, T11, key, rows


class Settings:
    ordering_timeout_seconds = 2.0

    def __init__(self, url: str):
        self.ordering_url = url


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def test_a_read_waits_for_ordering_restarting_within_its_timeout():
    port = free_port()

    async def tab(request):  # ordering's answer: each line with its amount and whether it is payable
        return JSONResponse({"fk_sit": 11, "i_name": "M11", "fk_resto": 10, "total": "200.00", "lines": [{
            "id": 7, "order": 3, "fk_dish": 1, "dish_name": "Empanada", "price": "100.00", "quantity": 2, "status": "4",
            "extra_commentary": "", "diner_name": "Ana", "creation_date": "2026-11-25T21:30:00Z", "status_pay": None,
            "amount": "200.00", "payable": True}]})

    server = uvicorn.Server(uvicorn.Config(Starlette(routes=[Route("/api/ordenes/lugar/{token}/", tab)]),
                                           host="127.0.0.1", port=port, log_level="warning", lifespan="off"))

    async def comes_back() -> None:
        await asyncio.sleep(0.5)  # the port is closed meanwhile
        await server.serve()

    serving = asyncio.create_task(comes_back())
    try:
        async with httpx.AsyncClient() as http:
            read = await OrderingApi(Settings(f"http://127.0.0.1:{port}"), http).tab("abc")
        assert (read.place_id, read.restaurant_id, [(l.line_id, l.amount, l.payable) for l in read.lines]) == (
            11, 10, [(7, Decimal("200.00"), True)])
    finally:
        server.should_exit = True
        await serving


async def test_ordering_away_longer_than_the_timeout_is_unavailable():
    async with httpx.AsyncClient() as http:
        api = OrderingApi(Settings(f"http://127.0.0.1:{free_port()}"), http)
        try:
            await api.tab("abc")
        except OrderingUnavailable:
            pass
        else:
            raise AssertionError("read a tab from nowhere")


async def test_a_pay_while_ordering_is_away_is_503_and_leaves_nothing(world):
    await world.delivered(11)
    ordering = world.app.state.checkouts.ordering
    ordering.base, ordering.timeout = f"http://127.0.0.1:{free_port()}", 0.5
    async with httpx.AsyncClient() as nowhere:
        ordering.http = nowhere
        answer = await world.client.post(PAY, json={"t": T11, "mode": "tab"}, headers=key())
    assert (answer.status_code, answer.json()["code"], answer.headers["retry-after"]) == (503, "ordering_unavailable", "2")
    assert await rows(world.app, "SELECT * FROM checkout_request") == []
