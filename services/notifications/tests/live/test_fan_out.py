"""Several notifications processes behind the gateway: each event is consumed by one of them, and
reaches the tablets connected to every one. Two real uvicorn processes of the app, against the
test database, Redis and the test broker namespace."""
import asyncio
import json
import os
import socket
import subprocess
import sys

import aio_pika
import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from contracts import Event
from contracts.floor import WaiterCalled
from contracts.ordering import OrderPlaced
from kit.auth import OWNER
from kit.bus import Bus
from kit.consumer import ProcessedEvent
from kit.testing import RABBITMQ_URL, empty_tables, purge_queues
from kit.tokens import TokenSigner
from notifications.events import EVENT_HANDLERS
from notifications.notification.models import Notification
from notifications.settings import Settings
from tests.conftest import FAST
from tests.helpers import A, OWNER_A, WAIT, frames, order, place, seed_members, staff_socket, table_socket

PROCESSES = 2
START_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Processes:
    """The processes' addresses, and what the test does beside them: publish events as another
    service would, read the database."""

    def __init__(self, database_url: str, settings: Settings):
        self.ports = [free_port() for _ in range(PROCESSES)]
        self.urls = [f"ws://127.0.0.1:{port}" for port in self.ports]
        self.engine = create_async_engine(database_url)
        self.settings = settings
        self.bus = Bus(settings)

    @property
    def queues(self) -> list[str]:
        return [*self.bus.queue_names, *(self.queue(event_type) for event_type in EVENT_HANDLERS)]

    def queue(self, event_type: str) -> str:
        return self.bus.queue_name(self.settings.service_name, event_type)

    async def publish(self, *events: Event) -> None:
        """Publish as another service's relay would, and wait until one process has handled each."""
        connection = await aio_pika.connect(RABBITMQ_URL)
        async with connection:
            channel = await connection.channel()
            exchange = await channel.get_exchange(self.settings.broker_namespace + self.settings.events_exchange)
            for event in events:
                body = json.dumps(event.model_dump(mode="json")).encode()
                await exchange.publish(
                    aio_pika.Message(body, content_type="application/json", message_id=str(event.event_id)),
                    routing_key=event.type,
                )
        async with asyncio.timeout(WAIT):
            while await self.count(ProcessedEvent, ProcessedEvent.event_id.in_([e.event_id for e in events])) < len(events):
                await asyncio.sleep(0.05)

    async def consumers(self, event_type: str) -> int:
        connection = await aio_pika.connect(RABBITMQ_URL)
        async with connection:
            queue = await (await connection.channel()).declare_queue(self.queue(event_type), passive=True)
            return queue.declaration_result.consumer_count

    async def count(self, model, *where) -> int:
        async with self.engine.connect() as connection:
            return await connection.scalar(select(func.count()).select_from(model).where(*where))

    async def ids(self, *where) -> list[int]:
        async with self.engine.connect() as connection:
            return list(await connection.scalars(select(Notification.id).where(*where).order_by(Notification.id)))


@pytest.fixture
async def processes(test_env, service_dir, migrated_database, redis, session_queues, tmp_path):
    started = Processes(migrated_database, Settings())
    await seed_members(async_sessionmaker(started.engine))
    env = {**os.environ, **test_env, **{name.upper(): str(value) for name, value in FAST.items()}}
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "notifications.main:app", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
            cwd=service_dir, env=env, stdout=(tmp_path / f"{port}.log").open("w"), stderr=subprocess.STDOUT,
        )
        for port in started.ports
    ]
    try:
        async with httpx.AsyncClient(timeout=2) as http, asyncio.timeout(START_SECONDS):
            for port in started.ports:
                while not await _ready(http, port):
                    await asyncio.sleep(0.1)
        yield started
    finally:
        for process in running:
            process.terminate()
        # waited for off the event loop: the test's sockets still answer the closing handshakes
        for process in running:
            try:
                await asyncio.to_thread(process.wait, 15)
            except subprocess.TimeoutExpired:
                process.kill()
                await asyncio.to_thread(process.wait)
        await started.engine.dispose()
        await empty_tables(migrated_database)
        session_queues.update(started.queues)
        await purge_queues(started.queues)


async def _ready(http: httpx.AsyncClient, port: int) -> bool:
    try:
        return (await http.get(f"http://127.0.0.1:{port}/readyz")).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.fixture
def token(signer: TokenSigner) -> str:
    return signer.issue(OWNER_A, "owner@example.com", [OWNER])


async def test_an_event_consumed_by_one_process_reaches_the_tablets_on_every_process(processes, token):
    assert await processes.consumers(OrderPlaced.type) == PROCESSES  # they compete for each event
    sockets = [(await staff_socket(url, token))[0] for url in processes.urls]
    await processes.publish(order())
    for ws in sockets:
        frame = (await frames(ws, 1))[0]
        assert (frame["id"], frame["type"], frame["fk_resto"]) == (1, "new_order", A)
    assert await processes.count(Notification) == 1  # recorded once, by whichever process consumed it


async def test_a_burst_of_events_reaches_every_tablet_once_and_in_order(processes, token):
    """Both processes consume (competing for each queue) and publish; every socket still gets
    every message once, in id order, whatever order Redis delivered them in."""
    await processes.publish(place(1, token="token-m1"))
    staff = [(await staff_socket(url, token))[0] for url in processes.urls]
    phones = [(await table_socket(url, "token-m1"))[0] for url in processes.urls]
    burst = [
        event
        for i in range(1, 21)
        for event in (order(place_id=i % 3 + 1, place_name=f"M{i % 3 + 1}"), WaiterCalled(restaurant_id=A, place_id=1, place_name="M1"))
    ]
    await processes.publish(*burst)
    assert await processes.count(Notification) == 40
    for ws in staff:
        assert [frame["id"] for frame in await frames(ws, 40)] == list(range(1, 41))
    at_m1 = await processes.ids(Notification.place_id == 1)
    for ws in phones:  # the phones at M1 got M1's messages only, in order
        assert [frame["id"] for frame in await frames(ws, len(at_m1))] == at_m1
