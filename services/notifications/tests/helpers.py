"""Shared test steps: restaurants with their staff, events delivered through the broker, sockets."""
import asyncio
import hashlib
import json
from datetime import UTC, datetime
from decimal import Decimal
from weakref import WeakKeyDictionary

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from contracts.floor import PlaceChanged, PlaceCreated
from contracts.live import DinerFrame, StaffFrame
from contracts.ordering import LineFacts, OrderPlaced

from kit.testing import world
from kit.testing.world import A, A_CLIENT, AN_ADMIN, B, OPERATOR_A, OWNER_A, OWNER_B, deliver, seed_members  # noqa: F401
STAFF = "/ws/notificaciones/"
TABLE = "/ws/notificaciones/mesa/"
WAIT = 5  # seconds a test waits for a frame before failing


class People(world.People):
    """Tokens (for sockets) and headers (for the bell) of each person."""

    def __init__(self, auth_header, signer):
        super().__init__(auth_header)
        self.header = auth_header
        self.token = lambda user_id, group: signer.issue(user_id, f"user{user_id}@example.com", [group])


def order(restaurant=A, place_id=1, place_name="M1", source="staff", kind="table", lines=None, **fields) -> OrderPlaced:
    lines = lines or [LineFacts(line_id=100, dish_id=7, dish_name="Empanada", price=Decimal("1500.00"), quantity=2, status="1")]
    return OrderPlaced(
        restaurant_id=restaurant, order_id=50, placed_at=datetime.now(UTC),
        place_id=place_id, place_name=place_name, source=source, kind=kind, lines=lines, **fields,
    )


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def place(place_id=1, restaurant=A, name="M1", menu_id=30, token="token-m1", changed=False, **fields) -> PlaceCreated | PlaceChanged:
    kind = PlaceChanged if changed else PlaceCreated
    return kind(place_id=place_id, restaurant_id=restaurant, name=name, kind="mesa", menu_id=menu_id, token_hash=token_hash(token), **fields)


# ------------------------------------------------------------------------------------ sockets
# Every frame a test reads is checked against the protocol (contracts.live): a frame the server
# sends that its socket's schema does not allow fails the test that reads it.
PROTOCOL: "WeakKeyDictionary[ClientConnection, type[StaffFrame] | type[DinerFrame]]" = WeakKeyDictionary()


def allowed(ws: ClientConnection, text: str | bytes) -> dict:
    models = [PROTOCOL[ws]] if ws in PROTOCOL else [StaffFrame, DinerFrame]  # a socket a test opened by hand: either
    for model in models[:-1]:
        try:
            model.model_validate_json(text)
            return json.loads(text)
        except ValueError:
            pass
    models[-1].model_validate_json(text)
    return json.loads(text)


async def open_socket(url: str, path: str, hello: dict, headers: dict | None = None) -> ClientConnection:
    ws = await connect(url + path, additional_headers=headers or {})
    PROTOCOL[ws] = StaffFrame if path == STAFF else DinerFrame
    await ws.send(json.dumps(hello))
    return ws


async def staff_socket(url: str, token: str, headers: dict | None = None, **hello) -> tuple[ClientConnection, dict]:
    """A staff socket past its `ready` frame (with nothing to catch up on)."""
    ws = await open_socket(url, STAFF, {"type": "auth", "token": token, **hello}, headers)
    return ws, await ready(ws)


async def table_socket(url: str, token: str, headers: dict | None = None, **hello) -> tuple[ClientConnection, dict]:
    ws = await open_socket(url, TABLE, {"type": "auth", "place_token": token, **hello}, headers)
    return ws, await ready(ws)


def address(n: int) -> dict:
    """A client address, as the gateway tells it (the test server trusts 127.0.0.1's X-Forwarded-For)."""
    return {"X-Forwarded-For": f"203.0.113.{n}"}


async def ready(ws: ClientConnection) -> dict:
    missed, frame = await caught_up(ws)
    assert missed == [], missed
    return frame


async def caught_up(ws: ClientConnection) -> tuple[list[dict], dict]:
    """The missed messages a socket is sent first, and the `ready` frame that follows them."""
    missed = []
    while (frame := await next_frame(ws))["type"] != "ready":
        missed.append(frame)
    return missed, frame


async def next_frame(ws: ClientConnection) -> dict:
    async with asyncio.timeout(WAIT):
        return allowed(ws, await ws.recv())


async def frames(ws: ClientConnection, count: int) -> list[dict]:
    return [await next_frame(ws) for _ in range(count)]


async def closing(ws: ClientConnection) -> tuple[list[dict], int, str]:
    """The frames a socket gets until it is closed, and the close code and reason."""
    received = []
    try:
        async with asyncio.timeout(WAIT):
            while True:
                received.append(allowed(ws, await ws.recv()))
    except ConnectionClosed as closed:
        return received, closed.rcvd.code, closed.rcvd.reason

