"""Events are delivered at least once and applied exactly once.

The relay may die after publishing and before marking rows sent, a consumer may die after its
commit and before its acknowledgement; each test kills a real process at that point.
"""
import pytest

import asyncio
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aio_pika
from sqlalchemy import select

from contracts.identity import RestaurantCreated
from kit.consumer import ProcessedEvent
from kit.outbox import OutboxMessage, OutboxRelay, add_event
from tests.conftest import HandledEvent

CRASH = Path(__file__).with_name("crash_points.py")


def crash(point: str, env: dict) -> int:
    return subprocess.run([sys.executable, str(CRASH), point], env={**os.environ, **env}, timeout=60).returncode


async def stage_event(app, event) -> None:
    async with app.state.session_factory() as session, session.begin():
        add_event(session, event)


async def rows(app, model):
    async with app.state.session_factory() as session:
        return (await session.scalars(select(model))).all()


async def eventually(check, seconds=10.0):
    for _ in range(int(seconds / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("condition not reached")


class _Written(logging.Handler):
    def __init__(self, entries: list[dict]):
        super().__init__()
        self.entries = entries

    def emit(self, record: logging.LogRecord) -> None:
        if isinstance(record.msg, dict):  # structlog hands the stdlib logger its event dict
            self.entries.append(record.msg)


@contextmanager
def consumer_log() -> Iterator[list[dict]]:
    """What kit.consumer logs meanwhile, as event dicts (its logger is a plain stdlib one underneath)."""
    entries: list[dict] = []
    handler, logger = _Written(entries), logging.getLogger("kit.consumer")
    logger.addHandler(handler)
    try:
        yield entries
    finally:
        logger.removeHandler(handler)


def skipped(entries: list[dict], event):
    """A check for `eventually`: a copy of `event` reached a consumer that found it applied already and left it."""

    async def check() -> bool:
        return any(e.get("event") == "event_duplicate_skipped" and e.get("event_id") == str(event.event_id) for e in entries)

    return check


async def tap_queue(env: dict, name: str):
    """A plain queue on the exchange that counts every copy published."""
    connection = await aio_pika.connect(env["RABBITMQ_URL"])
    channel = await connection.channel()
    exchange = await channel.get_exchange(env["BROKER_NAMESPACE"] + "platform.events")
    queue = await channel.declare_queue(name, exclusive=True)
    await queue.bind(exchange, routing_key="identity.#")
    return connection, queue


@pytest.mark.broker  # the event goes round the broker to the consumer
async def test_an_event_republished_after_a_relay_crash_is_applied_once(app, test_env):
    connection, tap = await tap_queue(test_env, test_env["BROKER_NAMESPACE"] + "tap.relay")
    event = RestaurantCreated(restaurant_id=1, owner_id=2, nombre_local="Pampa")
    relay = app.state.relay
    # Stop the in-process relay's loop (its first pass may still be under way) so the crashing
    # process gets the row first; the same relay then publishes by hand.
    relay.stop()
    await app.state.relay_task
    await stage_event(app, event)

    assert crash("relay", test_env) == 17
    assert (await rows(app, OutboxMessage))[0].published_at is None  # the mark was never committed

    with consumer_log() as logged:
        assert await relay.publish_pending() == 1
        await eventually(lambda: _count(app, ProcessedEvent, 1))
        # Both copies reached the consumer: the second was seen and left, not applied again.
        await eventually(skipped(logged, event))
    assert [row.event_id for row in await rows(app, HandledEvent)] == [str(event.event_id)]
    assert (await rows(app, OutboxMessage))[0].published_at is not None
    copies = 0
    while await tap.get(no_ack=True, fail=False):
        copies += 1
    assert copies == 2  # really published twice
    await connection.close()


async def _count(app, model, expected):
    return len(await rows(app, model)) == expected


@pytest.mark.broker  # the event goes round the broker to the consumer
async def test_an_event_redelivered_after_a_consumer_crash_is_applied_once(app, test_env, build_app):
    from asgi_lifespan import LifespanManager

    event = RestaurantCreated(restaurant_id=1, owner_id=2, nombre_local="Pampa")
    queue_name = test_env["BROKER_NAMESPACE"] + "kit.identity.restaurant.created"
    # The app under test must not consume: stop it, keep its database and queue.
    await app.state.broker.stop()
    connection = await aio_pika.connect(test_env["RABBITMQ_URL"])
    channel = await connection.channel()
    exchange = await channel.get_exchange(test_env["BROKER_NAMESPACE"] + "platform.events")
    await exchange.publish(aio_pika.Message(event.model_dump_json().encode(), delivery_mode=2), routing_key=event.type)

    assert crash("consumer", test_env) == 17
    assert [row.event_id for row in await rows(app, HandledEvent)] == [str(event.event_id)]  # committed
    pending = await channel.declare_queue(queue_name, passive=True)
    assert pending.declaration_result.message_count == 1  # never acknowledged: back on the queue

    second = build_app()
    with consumer_log() as logged:
        async with LifespanManager(second):
            # the redelivered copy reaches the new consumer, which finds it applied and leaves it
            await eventually(skipped(logged, event))
            await eventually(lambda: _queue_empty(channel, queue_name))
    assert [row.event_id for row in await rows(app, HandledEvent)] == [str(event.event_id)]
    assert len(await rows(app, ProcessedEvent)) == 1
    await connection.close()


async def _queue_empty(channel, name):
    queue = await channel.declare_queue(name, passive=True)
    return queue.declaration_result.message_count == 0 and queue.declaration_result.consumer_count >= 1


async def test_a_stopping_relay_returns_at_once_even_when_a_commit_wakes_it_at_the_same_moment(app):
    """Shutdown must not wait out the poll period: stop() and wake() landing together, many times."""
    for attempt in range(60):
        relay = OutboxRelay(app.state.session_factory, app.state.bus, poll_seconds=60)
        task = asyncio.create_task(relay.run())
        await asyncio.sleep(0.002 * (attempt % 3))  # before, in or after its first batch
        if attempt % 2:
            relay.wake()
        relay.stop()
        done, _ = await asyncio.wait({task}, timeout=2)
        assert done == {task} and task.exception() is None

