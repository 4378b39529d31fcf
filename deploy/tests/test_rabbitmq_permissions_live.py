"""The RabbitMQ definitions of docker-compose (deploy/docker/rabbitmq/) on a REAL broker: the local
one (make infra), through `rabbitmqctl import_definitions`.

- A throwaway user per run gets one service's permissions and a rendered password hash; it logs in
  and declares, binds and consumes what kit/bus.py does, and is refused everything of another
  service.
- A throwaway virtual host gets the whole rendered definitions (a user per service, topic
  permissions included): every service's real kit Bus declares, binds, consumes and publishes
  there; a forged event that ordering's login slips into floor's queue arrives with ordering's
  `user_id`, which floor's consumer check refuses.
- The local stack's own users (made by `make infra`): ordering's login cannot publish
  `identity.operator.added`, cannot claim another `user_id`, cannot read another service's queue.
Users and virtual hosts are removed. Skipped where rabbitmqctl or the broker is not available."""

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


def require_rabbitmqctl() -> None:
    if not shutil.which("rabbitmqctl") or rabbitmqctl("status").returncode != 0:
        pytest.skip("no local RabbitMQ reachable with rabbitmqctl")


def definitions_renderer():
    """deploy/docker/rabbitmq/render_definitions.py, loaded by its path."""
    spec = importlib.util.spec_from_file_location("render_definitions", RABBIT / "render_definitions.py")
    render = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render)
    return render


def import_definitions(rendered: dict) -> None:
    # Debian's rabbitmqctl runs as the rabbitmq user: the file must be readable by it.
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o755)
        path = Path(tmp) / "definitions.json"
        path.write_text(json.dumps(rendered))
        path.chmod(0o644)
        imported = rabbitmqctl("import_definitions", str(path))
    assert imported.returncode == 0, imported.stdout + imported.stderr


@pytest.fixture(scope="module")
def probe_user():
    require_rabbitmqctl()
    aio_pika = pytest.importorskip("aio_pika")
    render = definitions_renderer()
    template = json.loads((RABBIT / "definitions.json").read_text())
    perm = next(p for p in template["permissions"] if p["user"] == "catalog")
    name, password = f"probe-{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    rendered = render.render({"vhosts": template["vhosts"], "users": [{"name": name, "tags": []}],
                              "permissions": [perm]}, {f"{name.upper()}_MQ_PASSWORD": password})
    for key in ("permissions", "topic_permissions"):  # catalog's rights, topic ones too, for the probe
        rendered[key] = [{**p, "user": name} for p in rendered[key]]
    import_definitions(rendered)
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
    """Declare `<queue>.<run>` as kit/bus.py does; an event queue (`<consumer>.<event type>`) is
    bound to its event type (the topic permissions judge that key)."""
    consumer, _, event_type = queue.partition(".")
    is_event_queue = not event_type.startswith(("retry.", "dead-letter"))

    async def action(channel, suffix):
        # Exclusive: gone with the connection. The dead-letter arguments are kit/bus.py's.
        q = await channel.declare_queue(f"{queue}.{suffix}", exclusive=True,
                                        arguments={"x-dead-letter-exchange": DLX, "x-dead-letter-routing-key": queue})
        exchange = await channel.declare_exchange("platform.events", "topic", durable=True)
        if is_event_queue:
            await q.bind(exchange, routing_key=event_type)
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
        await exchange.publish(__import__("aio_pika").Message(b"{}"), routing_key=f"catalog.probe.{suffix}")

    assert attempt(probe_user, lambda ch, s: publish(ch, s, "platform.events")) == "ok"
    assert attempt(probe_user, lambda ch, s: publish(ch, s, f"other.{s}")) == "refused"


# ------------------------------------------------------------------------- every service's kit Bus
@pytest.fixture(scope="module")
def probe_vhost():
    """The rendered definitions, in a virtual host of their own, users `<run>-<service>`."""
    require_rabbitmqctl()
    render = definitions_renderer()
    run = f"probe-{uuid.uuid4().hex[:8]}"
    vhost, services = run, [u["name"] for u in json.loads((RABBIT / "definitions.json").read_text())["users"]]
    passwords = {s: uuid.uuid4().hex for s in services}
    rendered = render.render(json.loads((RABBIT / "definitions.json").read_text()),
                             {f"{s.upper()}_MQ_PASSWORD": pw for s, pw in passwords.items()})
    rename = {s: f"{run}-{s}" for s in services}
    rendered["vhosts"] = [{"name": vhost}]
    rendered["users"] = [{**u, "name": rename[u["name"]]} for u in rendered["users"]]
    for key in ("permissions", "topic_permissions"):
        rendered[key] = [{**p, "user": rename[p["user"]], "vhost": vhost} for p in rendered[key]]
    import_definitions(rendered)
    urls = {s: f"amqp://{rename[s]}:{passwords[s]}@127.0.0.1:5672/{vhost}" for s in services}
    yield run, urls
    rabbitmqctl("delete_vhost", vhost)
    for name in rename.values():
        rabbitmqctl("delete_user", name)


def bus_of(service: str, run: str, urls: dict):
    from kit.bus import Bus
    from kit.settings import ServiceSettings

    return Bus(ServiceSettings(service_name=service, rabbitmq_url=urls[service], event_publisher_user=f"{run}-{{producer}}"))


async def connected(bus) -> None:
    """What `Bus.start` does, but failing loudly: a refused declaration is the test's answer."""
    for _ in range(50):  # the import is asynchronous
        try:
            await bus._connect()
            return
        except Exception as error:  # noqa: BLE001
            last = error
            await bus.broker.stop()
            await asyncio.sleep(0.1)
    raise AssertionError(f"{bus.service}: {last!r}")


def test_every_service_runs_the_whole_kit_topology_with_its_own_rights(probe_vhost):
    """Each service's kit Bus as its own user: its dead-letter and retry queues, its consumers'
    queues (declared before publishing), its own queues bound to what it consumes (topic read),
    and a confirmed publish of every event type it produces (topic write)."""
    from contracts import registered_events
    from contracts.topology import CONSUMES, producer

    run, urls = probe_vhost

    async def consume(body: dict) -> None:
        pass

    async def go() -> None:
        buses = [bus_of(s, run, urls) for s in urls]
        try:
            for bus in buses:
                for event_type in CONSUMES.get(bus.service, ()):
                    bus.subscribe(event_type, consume)
                await connected(bus)
            for bus in buses:
                for event_type, model in registered_events().items():
                    if producer(event_type) == bus.service:
                        example = str(uuid.uuid4())
                        assert await bus.publish(event_type, {"probe": example}, example, None), event_type
        finally:
            for bus in buses:
                await bus.stop()

    asyncio.run(go())


def test_a_forged_event_slipped_into_a_consumers_queue_is_refused_by_the_consumer(probe_vhost):
    """ordering's login may publish into the default (and retry) exchange, so it can put a message
    into floor's `floor.identity.operator.added`; the broker stamps it with ordering's user
    (or none): floor's consumer check refuses it."""
    from kit.consumer import UntrustedPublisher, ensure_trusted_publisher

    run, urls = probe_vhost
    aio_pika = pytest.importorskip("aio_pika")

    async def go() -> None:
        floor = bus_of("floor", run, urls)
        await connected(floor)  # declares its queues (identity's too would: declared by the producer)
        await floor.stop()
        identity = bus_of("identity", run, urls)
        await connected(identity)  # declares floor.identity.operator.added
        await identity.stop()
        for stamp in ({"user_id": f"{run}-ordering"}, {}, {"headers": {"published-by": f"{run}-identity"}}):
            connection = await aio_pika.connect(urls["ordering"])
            async with connection:
                channel = await connection.channel()
                await channel.default_exchange.publish(
                    aio_pika.Message(b'{"restaurant_id": 10, "user_id": 666}', **stamp), routing_key="floor.identity.operator.added")
            connection = await aio_pika.connect(urls["floor"])
            async with connection:
                channel = await connection.channel()
                queue = await channel.declare_queue("floor.identity.operator.added", passive=True)
                for _ in range(100):
                    message = await queue.get(fail=False)
                    if message is not None:
                        break
                    await asyncio.sleep(0.05)
                assert message is not None, stamp
                await message.ack()
            assert message.user_id == stamp.get("user_id")
            with pytest.raises(UntrustedPublisher):
                ensure_trusted_publisher(floor, "identity.operator.added", message)

    asyncio.run(go())


# ------------------------------------------------------------------------- the local stack's users
@pytest.fixture(scope="module")
def ordering_login():
    """ordering's RabbitMQ login in the local stack (`make infra` made it)."""
    require_rabbitmqctl()
    passwords = REPO / ".run" / "keys" / "infra-passwords.json"
    assert passwords.exists(), f"no service users yet ({passwords}): run `make infra`"
    password = json.loads(passwords.read_text())["ordering"]["rabbitmq"]
    return f"amqp://ordering:{password}@127.0.0.1:5672/"


def as_ordering(url: str, action) -> str:
    """Run `action(channel)` as the local stack's ordering: 'ok', or how the broker closed the channel."""

    async def run() -> str:
        connection = await __import__("aio_pika").connect(url)
        try:
            channel = await connection.channel(publisher_confirms=True)
            await action(channel)
            return "ok"
        except aiormq.exceptions.ChannelAccessRefused:
            return "refused"
        except aiormq.exceptions.ChannelPreconditionFailed:
            return "precondition failed"
        finally:
            await connection.close()

    return asyncio.run(run())


def publish(routing_key: str, **properties):
    async def action(channel):
        exchange = await channel.get_exchange("platform.events", ensure=False)
        # Confirmed: a refused publish closes the channel before the confirmation comes.
        await exchange.publish(__import__("aio_pika").Message(b"{}", **properties), routing_key=routing_key)

    return action


def test_ordering_cannot_publish_identitys_events(ordering_login):
    assert as_ordering(ordering_login, publish("identity.operator.added", user_id="ordering")) == "refused"
    # Its own routing keys pass (nobody consumes this one: it goes nowhere).
    assert as_ordering(ordering_login, publish("ordering.probe.never-consumed", user_id="ordering")) == "ok"


def test_ordering_cannot_claim_another_publisher(ordering_login):
    assert as_ordering(ordering_login, publish("ordering.probe.never-consumed", user_id="identity")) == "precondition failed"


def test_ordering_cannot_read_another_services_queue(ordering_login):
    async def consume(channel):
        queue = await channel.get_queue("floor.identity.operator.added", ensure=False)
        await queue.get(fail=False)

    async def snoop(channel):
        queue = await channel.declare_queue(f"ordering.snoop-{uuid.uuid4().hex[:8]}", exclusive=True)
        await queue.bind("platform.events", routing_key="#")

    assert as_ordering(ordering_login, consume) == "refused"
    assert as_ordering(ordering_login, snoop) == "refused", "binding its own queue to every event"
