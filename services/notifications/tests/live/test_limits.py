"""One tenant's sockets cannot crowd out another's: the first frame is small (the auth message), and
a process holds at most so many sockets per client address (authenticated or not yet), per
restaurant (staff and phones together) and per place; past a cap a socket is told why, in its
language, and closed with 4429, which the web's clients take as final."""
import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from kit.auth import ADMIN, OPERATOR, OWNER
from tests.helpers import (
    A, AN_ADMIN, OPERATOR_A, OWNER_A, OWNER_B, STAFF, TABLE, WAIT, address, closing, deliver, open_socket, place, ready,
    staff_socket, table_socket,
)

CAPS = {"socket_auth_seconds": 10, "sockets_per_address": 3, "sockets_per_restaurant": 4, "sockets_per_place": 2}
capped = pytest.mark.parametrize("overrides", [CAPS], ids=["caps"])


@pytest.fixture
async def floor(app):
    await deliver(app, place(1, name="M1", token="token-m1"), place(2, name="M2", token="token-m2"))


async def admitted_once_freed(open_socket_again) -> dict:
    """A socket refused while the cap is full is let in once a place frees up (the server notices a
    departure a moment after the client's close returns)."""
    async with asyncio.timeout(WAIT):
        while True:
            ws = await open_socket_again()
            try:
                return await ready(ws)
            except ConnectionClosed:
                await asyncio.sleep(0.05)


async def test_a_first_frame_past_4_kib_is_closed_as_too_big(app, ws_url):
    ws = await connect(ws_url + TABLE)
    await ws.send(json.dumps({"type": "auth", "place_token": "x" * 4100}))
    frames, code, reason = await closing(ws)
    assert (code, reason) == (1009, "message_too_big")
    assert frames[0]["detail"] == "El mensaje es demasiado grande: el primero debe ser la autenticación, de pocos bytes."


def longest(model, field: str) -> int:
    return next(rule.max_length for rule in model.model_fields[field].metadata if getattr(rule, "max_length", None))


@capped
async def test_one_address_holds_at_most_its_cap_of_sockets_even_before_they_authenticate(app, people, ws_url):
    crowd = [await connect(ws_url + STAFF, additional_headers=address(7)) for _ in range(CAPS["sockets_per_address"])]
    extra = await connect(ws_url + STAFF, additional_headers={**address(7), "Accept-Language": "en"})
    frames, code, reason = await closing(extra)
    assert (code, reason) == (4429, "too_many_from_address")
    assert frames == [{
        "type": "error", "code": "too_many_from_address",
        "detail": "Too many connections are open from this address: close a tab and try again.",
    }]
    await staff_socket(ws_url, people.token(OWNER_B, OWNER), headers=address(8))  # another address is let in
    await crowd[0].close()
    token = people.token(OWNER_A, OWNER)
    await admitted_once_freed(lambda: open_socket(ws_url, STAFF, {"type": "auth", "token": token}, address(7)))


@capped
async def test_a_restaurant_holds_at_most_its_cap_of_sockets_staff_and_phones_together(app, people, floor, ws_url):
    owner, operator = people.token(OWNER_A, OWNER), people.token(OPERATOR_A, OPERATOR)
    sockets = [
        (await staff_socket(ws_url, owner, headers=address(1)))[0],
        (await staff_socket(ws_url, operator, headers=address(2)))[0],
        (await staff_socket(ws_url, people.token(AN_ADMIN, ADMIN), headers=address(3), fk_resto=A))[0],
        (await table_socket(ws_url, "token-m1", headers=address(4)))[0],
    ]
    extra = await open_socket(ws_url, STAFF, {"type": "auth", "token": owner, "lang": "en"}, address(5))
    frames, code, reason = await closing(extra)
    assert (code, reason) == (4429, "too_many_for_restaurant")
    assert frames[0]["detail"] == "This restaurant has too many screens connected: close one and try again."
    phone = await open_socket(ws_url, TABLE, {"type": "auth", "place_token": "token-m2"}, address(6))
    assert (await closing(phone))[1:] == (4429, "too_many_for_restaurant")
    await staff_socket(ws_url, people.token(OWNER_B, OWNER), headers=address(7))  # B is not A's neighbour in trouble
    await sockets[3].close()
    await admitted_once_freed(lambda: open_socket(ws_url, TABLE, {"type": "auth", "place_token": "token-m2"}, address(6)))


@capped
async def test_a_place_holds_at_most_its_cap_of_phones(app, floor, ws_url):
    first, _ = await table_socket(ws_url, "token-m1", headers=address(1))
    await table_socket(ws_url, "token-m1", headers=address(2))
    extra = await open_socket(ws_url, TABLE, {"type": "auth", "place_token": "token-m1"}, address(3))
    frames, code, reason = await closing(extra)
    assert (code, reason) == (4429, "too_many_at_place")
    assert frames == [{
        "type": "error", "code": "too_many_at_place",
        "detail": "Hay demasiados teléfonos conectados a esta mesa: cierre alguno y vuelva a escanear el código.",
    }]
    await table_socket(ws_url, "token-m2", headers=address(3))  # the next table is not full
    await first.close()
    await admitted_once_freed(lambda: open_socket(ws_url, TABLE, {"type": "auth", "place_token": "token-m1"}, address(3)))
