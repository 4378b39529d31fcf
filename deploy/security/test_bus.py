"""The internal network is not trusted blindly.

RabbitMQ: with ordering's own broker login (the one the launcher gave the running ordering
process), publish identity's `identity.operator.added` making the owner of restaurant W an
operator of restaurant V. The broker must refuse it (topic permissions; a `user_id` that is not
the login's), and no service may apply it. The barrier that proves 'not applied' without a sleep:
V's owner then adds a real operator, and once every service has applied that later event of the
same queue, W's owner must still be refused everywhere. The same login may not bind a queue of
its own to other services' events either.

Redis: a connection without credentials must be refused; ordering's login may not publish on
notifications' live channel (a forged frame would ring every tablet) nor run admin commands.
"""
from __future__ import annotations

import asyncio
import json
import uuid
from urllib.parse import urlsplit

import aio_pika
import aiormq
import pytest
import redis

import processes
from contracts.identity import OperatorAdded
from tenants import Restaurant, Stack

EXCHANGE = "platform.events"


def login_of(url: str | None) -> str:
    return urlsplit(url).username or "" if url else ""


@pytest.fixture(scope="module")
def ordering_broker_url() -> str:
    url = processes.service_url("ordering", "RABBITMQ_URL")
    if not url:
        pytest.skip("ordering's broker login is not readable here")
    return url


@pytest.fixture(scope="module")
def victims(stack: Stack) -> tuple[Restaurant, Restaurant]:
    """V (the victim) and W (whose owner the forged event would make V's operator)."""
    v, w = stack.register_owner("V"), stack.register_owner("W")
    for restaurant in (v, w):
        stack.wait_for_membership(restaurant, restaurant.owner)
    return v, w


async def attempt_publish(url: str, event: OperatorAdded, user_id: str | None) -> str:
    """'accepted' when the broker confirmed the message, else why it was refused."""
    connection = await aio_pika.connect(url)
    try:
        channel = await connection.channel(publisher_confirms=True, on_return_raises=True)
        exchange = await channel.get_exchange(EXCHANGE, ensure=False)
        message = aio_pika.Message(json.dumps(event.model_dump(mode="json")).encode(), content_type="application/json",
                                   message_id=str(event.event_id), delivery_mode=aio_pika.DeliveryMode.PERSISTENT,
                                   user_id=user_id)
        await asyncio.wait_for(exchange.publish(message, routing_key=event.type, mandatory=True), 10)
        return "accepted"
    except (aiormq.exceptions.AMQPError, aio_pika.exceptions.AMQPException) as refused:
        return f"refused ({type(refused).__name__})"
    finally:
        await connection.close()


async def attempt_spy(url: str) -> str:
    connection = await aio_pika.connect(url)
    try:
        channel = await connection.channel()
        queue = await channel.declare_queue(f"spy.{uuid.uuid4().hex}", exclusive=True, auto_delete=True)
        await queue.bind(EXCHANGE, routing_key="identity.#")
        return "accepted"
    except (aiormq.exceptions.AMQPError, aio_pika.exceptions.AMQPException) as refused:
        return f"refused ({type(refused).__name__})"
    finally:
        await connection.close()


def test_a_forged_identity_event_is_refused_by_the_broker_and_applied_nowhere(stack, victims, ordering_broker_url, ledger):
    v, w = victims
    login = login_of(ordering_broker_url)
    through, tried = [], 0
    for user_id, what in ((None, "without user_id"), ("identity", "claiming user_id 'identity'"), (login, "with its own user_id")):
        forged = OperatorAdded(restaurant_id=v.id, user_id=w.owner.user_id)
        verdict = asyncio.run(attempt_publish(ordering_broker_url, forged, user_id))
        tried += 1
        if verdict == "accepted":
            through.append(f"identity.operator.added {what}, published with ordering's login '{login}': the broker accepted it "
                           f"(expected a refusal: ordering may write only its own routing keys)")
    # The barrier: a real identity event for V, after the forged ones, applied by every service.
    barrier, _ = stack.add_operator(v, "V")
    stack.wait_for_membership(v, barrier)
    probes = {
        "catalog": f"/api/menu/?restaurant={v.id}", "floor": f"/api/sit/?fk_resto={v.id}",
        "ordering": f"/api/ordenes/mesas/?fk_resto={v.id}", "notifications": f"/api/notificaciones/sin-leer/?fk_resto={v.id}",
        "identity": f"/api/restaurant-atributes/{v.id}/",
    }
    for service, path in probes.items():
        answer = stack.http.get(path, headers=w.owner.headers)
        tried += 1
        if answer.status_code < 400:
            through.append(f"{service} applied the forged event: owner W reads restaurant V (GET {path} -> {answer.status_code})")
    ledger.add("bus: forged identity.operator.added", tried=tried, through=through,
               note=f"published with ordering's broker login '{login}'")
    assert not through, "\n".join(through)


def test_a_service_login_cannot_listen_to_other_services_events(ordering_broker_url, ledger):
    verdict = asyncio.run(attempt_spy(ordering_broker_url))
    through = [] if verdict != "accepted" else [
        f"ordering's login '{login_of(ordering_broker_url)}' bound a queue of its own to identity.# (expected a refusal)"]
    ledger.add("bus: eavesdropping with a service's login", tried=1, through=through)
    assert not through, "\n".join(through)


def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=5, decode_responses=True)


def test_redis_refuses_strangers_and_keeps_services_in_their_lane(ledger):
    through, tried = [], 0
    channel = (processes.setting("notifications", "broker_namespace") or ("", ""))[1] or ""
    channel = f"{channel}notifications.live"
    anonymous = redis_client("redis://127.0.0.1:6379/0")
    tried += 1
    try:
        receivers = anonymous.publish(channel, "[]")  # an empty batch: nothing to forward if it got through
        through.append(f"a connection without credentials published on {channel} ({receivers} listeners got it; "
                       "expected NOAUTH: Redis's default user must not be open)")
    except (redis.exceptions.AuthenticationError, redis.exceptions.NoPermissionError):
        pass
    except redis.exceptions.ResponseError as refused:
        if "NOAUTH" not in str(refused) and "NOPERM" not in str(refused):
            raise
    finally:
        anonymous.close()
    url = processes.service_url("ordering", "REDIS_URL")
    if url and login_of(url):
        ordering = redis_client(url)
        try:
            tried += 1
            try:
                receivers = ordering.publish(channel, "[]")  # an empty batch: nothing to forward if it got through
                through.append(f"ordering's Redis login '{login_of(url)}' published on {channel} ({receivers} listeners got it; "
                               "expected NOPERM: only notifications writes live frames)")
            except redis.exceptions.NoPermissionError:
                pass
            tried += 1
            try:
                ordering.config_get("maxmemory")
                through.append(f"ordering's Redis login '{login_of(url)}' ran CONFIG GET (expected NOPERM)")
            except redis.exceptions.NoPermissionError:
                pass
        finally:
            ordering.close()
    else:
        tried += 1
        through.append(f"ordering runs with Redis URL {url!r}: no login of its own (expected a user per service)")
    ledger.add("redis: authentication and ACLs", tried=tried, through=through)
    assert not through, "\n".join(through)
