"""The live sockets through the gateway, against the running stack: a restaurant's staff hear its
messages on /ws/notificaciones/, others are refused, a logout closes the socket, an unknown table
token is refused, and the bell answers on /api/notificaciones/."""
import asyncio
import json
import sys
import uuid
from pathlib import Path

import aio_pika
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from contracts.floor import WaiterCalled
from test_platform_flows import PASSWORD, eventually, unique_email

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy" / "local"))
import config  # noqa: E402  (the local stack's per-service broker users)

EXCHANGE = "platform.events"


def register_owner(client, name: str) -> tuple[int, str]:
    answer = client.post(
        "/api/restaurant/",
        json={"nombre_local": name, "telefono": "1145678901", "fk_user": {"email": unique_email("campana"), "password": PASSWORD, "password2": PASSWORD}},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["auth_token"]


@pytest.fixture(scope="module")
def restaurant(client) -> tuple[int, str]:
    """A new restaurant whose owner notifications already knows (membership projected)."""
    restaurant_id, token = register_owner(client, "Campana")
    bell = {"Authorization": f"Token {token}"}
    eventually(lambda: client.get(f"/api/notificaciones/sin-leer/?fk_resto={restaurant_id}", headers=bell).status_code == 200)
    return restaurant_id, token


def ws_url(base_url: str, path: str) -> str:
    return base_url.replace("http://", "ws://") + path


def open_socket(base_url: str, path: str, hello: dict) -> ClientConnection:
    ws = connect(ws_url(base_url, path), open_timeout=5)
    ws.send(json.dumps(hello))
    return ws


def frame(ws: ClientConnection) -> dict:
    return json.loads(ws.recv(timeout=10))


def close_of(ws: ClientConnection) -> tuple[int, str]:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=15)
    return closed.value.rcvd.code, closed.value.rcvd.reason


def publish(event) -> None:
    """What floor's relay does: the event on the platform's exchange, as floor's broker user (the
    consumers refuse an event its producer did not publish)."""
    floor_url = config.service_env("floor")["RABBITMQ_URL"]

    async def send():
        connection = await aio_pika.connect(floor_url)
        async with connection:
            exchange = await (await connection.channel()).get_exchange(EXCHANGE)
            body = json.dumps(event.model_dump(mode="json")).encode()
            message = aio_pika.Message(body, content_type="application/json", message_id=str(event.event_id), user_id="floor")
            await exchange.publish(message, routing_key=event.type)

    asyncio.run(send())


def test_staff_hear_their_restaurant_through_the_gateway(base_url, client, restaurant):
    restaurant_id, token = restaurant
    ws = open_socket(base_url, "/ws/notificaciones/", {"type": "auth", "token": token, "last_id": None})
    ready = frame(ws)
    assert (ready["type"], ready["restaurants"]) == ("ready", [restaurant_id])
    publish(WaiterCalled(restaurant_id=restaurant_id, place_id=987654, place_name="M9"))
    message = frame(ws)
    assert (message["type"], message["fk_resto"], message["msg"]) == ("waiter_call", restaurant_id, "M9 llama al mozo")
    ws.close()

    bell = client.get(f"/api/notificaciones/?fk_resto={restaurant_id}", headers={"Authorization": f"Token {token}"}).json()
    assert [n["id"] for n in bell["results"]] == [message["id"]]
    # reconnecting with an older last-seen id gets the message again, then `ready`
    ws = open_socket(base_url, "/ws/notificaciones/", {"type": "auth", "token": token, "last_id": message["id"] - 1})
    assert frame(ws)["id"] == message["id"]
    assert frame(ws)["type"] == "ready"
    ws.close()


def test_another_restaurants_owner_is_refused(base_url, client, restaurant):
    _, stranger = register_owner(client, "Otra Campana")
    ws = open_socket(base_url, "/ws/notificaciones/", {"type": "auth", "token": stranger, "fk_resto": restaurant[0]})
    assert close_of(ws) == (4403, "permission_denied")


def test_a_bad_token_is_refused(base_url):
    ws = open_socket(base_url, "/ws/notificaciones/", {"type": "auth", "token": "not.a.jwt"})
    assert close_of(ws) == (4401, "invalid_token")


def test_logging_out_closes_the_socket(base_url, client):
    restaurant_id, token = register_owner(client, "Cierre")
    auth = {"Authorization": f"Token {token}"}
    eventually(lambda: client.get(f"/api/notificaciones/sin-leer/?fk_resto={restaurant_id}", headers=auth).status_code == 200)
    ws = open_socket(base_url, "/ws/notificaciones/", {"type": "auth", "token": token})
    assert frame(ws)["type"] == "ready"
    assert client.post("/api/auth/token/logout/", headers=auth).status_code == 204
    assert close_of(ws) == (4401, "token_revoked")


def test_an_unknown_table_token_is_refused(base_url):
    ws = open_socket(base_url, "/ws/notificaciones/mesa/", {"type": "auth", "place_token": uuid.uuid4().hex})
    assert close_of(ws) == (4404, "place_unknown")
