"""The RabbitMQ definitions of docker-compose (deploy/docker/rabbitmq/) on a REAL broker: the local
one (make infra), through `rabbitmqctl import_definitions`. A throwaway user per run gets one
service's permissions and a rendered password hash; it logs in and declares, binds and consumes
what kit/bus.py does, and is refused everything of another service. User and queues are removed.
Skipped where rabbitmqctl or the broker is not available."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

aiormq = pytest.importorskip("aiormq")

REPO = Path(__file__).resolve().parents[2]
RABBIT = REPO / "deploy" / "docker" / "rabbitmq"
DLX = "platform.events.dead-letter"


def rabbitmqctl(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["rabbitmqctl", *args], input=stdin, capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def probe_user():
    if not shutil.which("rabbitmqctl") or rabbitmqctl("status").returncode != 0:
        pytest.skip("no local RabbitMQ reachable with rabbitmqctl")
    aio_pika = pytest.importorskip("aio_pika")
    spec = importlib.util.spec_from_file_location("render_definitions", RABBIT / "render_definitions.py")
    render = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render)
    template = json.loads((RABBIT / "definitions.json").read_text())
    perm = next(p for p in template["permissions"] if p["user"] == "catalog")
    name, password = f"probe-{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    rendered = render.render({"vhosts": template["vhosts"], "users": [{"name": name, "tags": []}],
                              "permissions": [{**perm, "user": name}]}, {f"{name.upper()}_MQ_PASSWORD": password})
    # Debian's rabbitmqctl runs as the rabbitmq user: the file must be readable by it.
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o755)
        path = Path(tmp) / "definitions.json"
        path.write_text(json.dumps(rendered))
        path.chmod(0o644)
        imported = rabbitmqctl("import_definitions", str(path))
    assert imported.returncode == 0, imported.stdout + imported.stderr
    yield aio_pika, name, password
    rabbitmqctl("delete_user", name)


def attempt(probe_user, action) -> str:
    """Run `action(channel, suffix)` as the probe user (catalog's rights): 'ok' or 'refused'."""
    aio_pika, name, password = probe_user

    async def run() -> str:
        for _ in range(50):  # the import is asynchronous
            try:
                conn = await aio_pika.connect(f"amqp://{name}:{password}@127.0.0.1:5672/")
                break
            except Exception:
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("the imported user cannot log in with its password")
        try:
            channel = await conn.channel()
            await action(channel, name)
            return "ok"
        except aiormq.exceptions.ChannelAccessRefused:
            return "refused"
        finally:
            await conn.close()

    return asyncio.run(run())


def declare(queue: str, consume: bool = False):
    async def action(channel, suffix):
        # Exclusive: gone with the connection. The dead-letter arguments are kit/bus.py's.
        q = await channel.declare_queue(f"{queue}.{suffix}", exclusive=True,
                                        arguments={"x-dead-letter-exchange": DLX, "x-dead-letter-routing-key": queue})
        exchange = await channel.declare_exchange("platform.events", "topic", durable=True)
        await q.bind(exchange, routing_key=f"{queue}.{suffix}")
        if consume:
            await q.consume(lambda message: None)

    return action


def test_a_service_declares_and_consumes_its_own_queues(probe_user):
    assert attempt(probe_user, declare("catalog.identity.restaurant.created", consume=True)) == "ok"
    assert attempt(probe_user, declare("catalog.retry.1")) == "ok"


def test_a_service_declares_its_consumers_queues_for_its_events(probe_user):
    assert attempt(probe_user, declare("ordering.catalog.dish.created")) == "ok"
    assert attempt(probe_user, declare("notifications.catalog.prices.changed")) == "ok"


def test_a_service_is_refused_another_service_queues(probe_user):
    assert attempt(probe_user, declare("ordering.floor.place.created")) == "refused"
    assert attempt(probe_user, declare("floor.dead-letter")) == "refused"
    assert attempt(probe_user, declare("ordering.retry.1")) == "refused"


def test_a_service_publishes_to_the_events_exchange_only(probe_user):
    async def publish(channel, suffix, exchange_name):
        exchange = await channel.declare_exchange(exchange_name, "topic", durable=exchange_name.startswith("platform."),
                                                  auto_delete=not exchange_name.startswith("platform."))
        await exchange.publish(__import__("aio_pika").Message(b"{}"), routing_key=f"probe.{suffix}")

    assert attempt(probe_user, lambda ch, s: publish(ch, s, "platform.events")) == "ok"
    assert attempt(probe_user, lambda ch, s: publish(ch, s, f"other.{s}")) == "refused"
