"""No local process reaches the machine's Redis or RabbitMQ without a password (make infra,
deploy/local/setup.py): Redis's default user is off, as users.acl says, and RabbitMQ has no guest.
Before, `redis-cli PUBLISH notifications.live '[]'` from any local process reached every
notifications process, so anyone on the machine could put frames on the tablets' sockets.

The test suites and tools log in as `tests`, whose passwords `make infra` generates beside the
services': on Redis everything, on RabbitMQ only the suites' own names (`test-…`, `bench-…`,
server-named queues), never the running stack's exchange or queues.

The set-up step itself is run against a throwaway Redis (its own port); the machine's Redis and
RabbitMQ are only checked, never changed. Skipped where they are not running."""

from __future__ import annotations

import asyncio
import json
import secrets
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

redis = pytest.importorskip("redis")
aio_pika = pytest.importorskip("aio_pika")
aiormq = pytest.importorskip("aiormq")

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))
import config  # noqa: E402
import setup  # noqa: E402

LIVE = "notifications.live"  # notifications' live channel in the local stack (no namespace)


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def refused_without_login(call) -> bool:
    try:
        call()
    except (redis.exceptions.AuthenticationError, redis.exceptions.NoPermissionError):
        return True
    except redis.exceptions.ResponseError as error:
        return "NOAUTH" in str(error)
    return False


# ------------------------------------------------------------------------ the set-up step itself
class ThrowawayRedis:
    """A redis-server of its own on a free port, as the launcher starts one (nothing on disk)."""

    def __init__(self, folder: Path):
        self.port = free_port()
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not port_open(self.port):
            assert self.process.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.02)

    def client(self, user: str | None = None, password: str | None = None) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, username=user, password=password, socket_timeout=3)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def throwaway_redis(tmp_path):
    if not shutil.which("redis-server") or not shutil.which("redis-cli"):
        pytest.skip("no redis-server here")
    servers: list[ThrowawayRedis] = []

    def start() -> ThrowawayRedis:
        servers.append(ThrowawayRedis(tmp_path))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def passwords() -> dict[str, dict[str, str]]:
    return {name: {"redis": secrets.token_hex(12), "rabbitmq": secrets.token_hex(12)} for name in [*config.SERVICES, config.TESTS_USER]}


def test_the_infra_step_turns_redis_default_user_off_and_closes_its_open_connections(throwaway_redis):
    server, logins = throwaway_redis(), passwords()
    listener = server.client()
    assert listener.ping()  # a Redis as it starts: its default user is open
    setup.apply_redis_users(logins, port=server.port)
    assert refused_without_login(lambda: server.client().publish(LIVE, "[]"))
    assert refused_without_login(lambda: listener.publish(LIVE, "[]")), "a connection opened before must not keep the default user"
    ordering = server.client("ordering", logins["ordering"]["redis"])
    with pytest.raises(redis.exceptions.NoPermissionError):
        ordering.publish(LIVE, "[]")
    tests = server.client(config.TESTS_USER, logins[config.TESTS_USER]["redis"])
    assert tests.flushdb() and tests.set("catalog:public-menu:1:1", "x")  # the suites flush their own databases


def test_the_infra_step_runs_again_as_the_suites_user_and_again_on_a_restarted_redis(throwaway_redis):
    logins = passwords()
    first = throwaway_redis()
    setup.apply_redis_users(logins, port=first.port)
    setup.apply_redis_users(logins, port=first.port)  # the default user is off now: it logs in as `tests`
    assert refused_without_login(lambda: first.client().ping())
    first.stop()
    restarted = throwaway_redis()  # Redis keeps nothing on disk: a restart opens the default user again
    setup.apply_redis_users(logins, port=restarted.port)
    assert refused_without_login(lambda: restarted.client().ping())
    assert restarted.client("notifications", logins["notifications"]["redis"]).publish(LIVE, "[]") == 0


# ------------------------------------------------------------------------ the machine, as make infra left it
def machine_passwords() -> dict[str, dict[str, str]]:
    found = config.infra_passwords()
    assert config.TESTS_USER in found, f"no password for the suites' user in {config.INFRA_PASSWORDS}: run `make infra`"
    return found


@pytest.fixture(scope="module")
def machine_redis():
    if not port_open(6379):
        pytest.skip("no local Redis")
    return machine_passwords()


@pytest.fixture(scope="module")
def machine_broker():
    if not port_open(5672):
        pytest.skip("no local RabbitMQ")
    return machine_passwords()


def test_the_machines_redis_answers_no_one_without_a_login(machine_redis):
    anonymous = redis.Redis(host="127.0.0.1", port=6379, socket_timeout=3)
    try:
        assert refused_without_login(lambda: anonymous.publish(LIVE, "[]"))
    finally:
        anonymous.close()
    cli = subprocess.run(["redis-cli", "-h", "127.0.0.1", "PUBLISH", LIVE, "[]"], capture_output=True, text=True, timeout=10)
    assert "NOAUTH" in cli.stdout + cli.stderr, cli.stdout


def test_the_suites_reach_redis_as_their_own_user(machine_redis):
    url = config.infra_logins(config.TESTS_USER)["REDIS_URL"]
    assert urlsplit(url).username == config.TESTS_USER
    with redis.Redis.from_url(url, socket_timeout=3) as tests:
        assert tests.ping()


async def broker_refuses(url: str) -> bool:
    try:
        connection = await aio_pika.connect(url, timeout=10)
    except aio_pika.exceptions.ProbableAuthenticationError:
        return True
    await connection.close()
    return False


def test_the_machines_rabbitmq_has_no_guest(machine_broker):
    assert asyncio.run(broker_refuses("amqp://guest:guest@127.0.0.1:5672/"))


async def channel_refuses(connection, act) -> bool:
    channel = await connection.channel()
    try:
        await act(channel)
    except aiormq.exceptions.ChannelAccessRefused:
        return True
    await channel.close()
    return False


def test_the_suites_broker_user_reaches_its_own_names_only(machine_broker):
    url = config.infra_logins(config.TESTS_USER)["RABBITMQ_URL"]

    async def check() -> None:
        connection = await aio_pika.connect(url, timeout=10)
        async with connection:
            namespace = f"test-{uuid.uuid4().hex[:8]}."
            channel = await connection.channel()
            queue = await channel.declare_queue(f"{namespace}probe", auto_delete=True)
            await queue.delete()
            assert await channel_refuses(connection, lambda c: c.declare_queue(f"ordering.probe-{uuid.uuid4().hex[:8]}", auto_delete=True))

            async def publish_on_the_stacks_exchange(c):  # confirmed: the refusal comes back here
                exchange = await c.get_exchange("platform.events", ensure=False)
                await exchange.publish(aio_pika.Message(b"{}"), routing_key="identity.operator.added")

            assert await channel_refuses(connection, publish_on_the_stacks_exchange)

    asyncio.run(check())


def test_the_suites_and_tools_are_given_the_tests_login():
    """run_tests.py's environment for every service's suite, and kit.testing's defaults."""
    from kit.testing import RABBITMQ_URL, redis_url

    for name in config.SERVICES:
        env = config.test_env(name)
        assert urlsplit(env["REDIS_URL"]).username == config.TESTS_USER
        assert urlsplit(env["RABBITMQ_URL"]).username == config.TESTS_USER
    assert urlsplit(RABBITMQ_URL).username == config.TESTS_USER
    assert urlsplit(redis_url(8)).username == config.TESTS_USER
    assert "guest" not in json.dumps(config.ENV)


def test_the_infra_step_tries_the_broker_logins_it_would_otherwise_trust(machine_broker, monkeypatch):
    """Its stamp is the checkout's own: after another checkout (a fresh clone's `make test`) has
    imported the same users with its own passwords, this checkout's step must import them again,
    not trust the stamp (the suites of /work/main were refused by RabbitMQ after a clone's run)."""
    logins = config.infra_passwords()
    assert setup.rabbitmq_login_works(config.TESTS_USER, logins[config.TESTS_USER]["rabbitmq"])
    assert not setup.rabbitmq_login_works(config.TESTS_USER, secrets.token_hex(24))

    imported: list[list] = []
    monkeypatch.setattr(setup, "stamp_ok", lambda *_: True)
    monkeypatch.setattr(setup, "stamp_set", lambda *_: None)
    monkeypatch.setattr(setup, "run", lambda command, **_: imported.append(command))
    monkeypatch.setattr(setup, "rabbitmq_login_works", lambda user, _: user != config.TESTS_USER)  # another checkout's
    setup.apply_rabbitmq_users(logins)
    assert [c[:3] for c in imported] == [["rabbitmqctl", "-q", "import_definitions"]]

    imported.clear()
    monkeypatch.setattr(setup, "rabbitmq_login_works", lambda *_: True)  # its own: nothing to do
    setup.apply_rabbitmq_users(logins)
    assert imported == []
