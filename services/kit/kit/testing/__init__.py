"""Pytest fixtures every service's tests share: real PostgreSQL, Redis and RabbitMQ.

A service's conftest sets `pytest_plugins = ["kit.testing"]`; `service_name` is the folder its
suite is in (services/<name>/tests), and `service_dir` and `build_app` (the service's
`main.build_app(settings.Settings())`) follow from it. A conftest overrides `build_app` only to
change settings.

The checks every service's suite runs beside its own tests live next to this module:
`kit.testing.token_tests` (bad tokens refused), `kit.testing.topology_tests` and, except in
identity, `kit.testing.membership_tests`.

Every test may start from the same small world with the `people` fixture (kit.testing.world).

Each test session gets a fresh `test_<service>` database migrated with the service's alembic
scripts, a broker namespace nobody else uses and a Redis database of its own; every test starts
from empty tables and an empty Redis database. A test's `app` connects to RabbitMQ only when the
test is marked `@pytest.mark.broker` (its events then go round the broker, and its queues are
emptied after it); the others keep their events in the outbox and apply other services' events
through the app's handlers (`kit.testing.world.deliver`). A test that needs the broker and lacks
the mark fails loudly: 'You should connect broker first.'

The machine's Redis and RabbitMQ answer no one without a login: the suites log in as `tests`,
whose passwords `make infra` generates beside the services' (deploy/local/setup.py). A
`TEST_REDIS_URL` or `RABBITMQ_URL` in the environment is used as it is.
"""
import importlib
import json
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aio_pika
import asyncpg
import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI
from redis.asyncio import Redis

from kit.services import SERVICES
from kit.tokens import TokenSigner, generate_key_pair

PG_ADMIN_DSN = os.environ.get("TEST_PG_ADMIN_DSN", "postgresql://postgres@127.0.0.1:5432/postgres")
# Each suite flushes its own Redis database, so suites running side by side never wipe each other.
TEST_REDIS_DB = {**{name: 9 + index for index, name in enumerate(SERVICES)}, "kit": 15}
# deploy/local/config.py: INFRA_PASSWORDS and TESTS_USER
INFRA_PASSWORDS = Path(__file__).resolve().parents[4] / ".run" / "keys" / "infra-passwords.json"
TESTS_USER = "tests"


def tests_login(kind: str) -> str:
    """`tests:<password>@` for "redis" or "rabbitmq", as `make infra` made it."""
    try:
        password = json.loads(INFRA_PASSWORDS.read_text())[TESTS_USER][kind]
    except (FileNotFoundError, ValueError, KeyError) as missing:
        raise RuntimeError(f"no {kind} password for the suites' user in {INFRA_PASSWORDS}: run `make infra`") from missing
    return f"{TESTS_USER}:{password}@"


def redis_url(db: int) -> str:
    """A Redis database as the suites' user: suites and benchmarks each use one of their own."""
    return f"redis://{tests_login('redis')}127.0.0.1:6379/{db}"


def rabbitmq_url() -> str:
    return os.environ.get("RABBITMQ_URL") or f"amqp://{tests_login('rabbitmq')}127.0.0.1:5672/"


def __getattr__(name: str) -> str:
    # `RABBITMQ_URL` is read when a suite asks for it, not when the plugin loads: a unit layer
    # (no server, no `make infra` yet on a fresh clone) imports this module for nothing.
    if name == "RABBITMQ_URL":
        return rabbitmq_url()
    raise AttributeError(name)


@pytest.fixture(scope="session")
def service_name(request: pytest.FixtureRequest) -> str:
    """The service under test: the folder above the suite's `tests` (one suite a pytest run)."""
    a_test = request.session.items[0].path
    return next(folder for folder in a_test.parents if folder.name == "tests").parent.name


@pytest.fixture(scope="session")
def service_dir(service_name: str) -> Path:
    """services/<name>: where its alembic.ini and migrations are."""
    return Path(importlib.import_module(service_name).__file__).resolve().parents[1]


@pytest.fixture
def build_app(service_name: str, test_env) -> Callable[[], FastAPI]:
    main = importlib.import_module(f"{service_name}.main")
    settings = importlib.import_module(f"{service_name}.settings")
    return lambda: main.build_app(settings.Settings())


@pytest.fixture(scope="session")
def keys_dir(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("keys")
    generate_key_pair(directory)
    return directory


@pytest.fixture(scope="session")
def broker_namespace() -> str:
    return f"test-{uuid.uuid4().hex[:8]}."


@pytest.fixture(scope="session")
def test_env(service_name: str, keys_dir: Path, broker_namespace: str, tmp_path_factory) -> dict[str, str]:
    """Environment for the service under test; also exported so Settings() picks it up."""
    env = {
        "SERVICE_NAME": service_name,
        "DATABASE_URL": f"postgresql+asyncpg://postgres@127.0.0.1:5432/test_{service_name}",
        "REDIS_URL": os.environ.get("TEST_REDIS_URL") or redis_url(TEST_REDIS_DB.get(service_name, 8)),
        "RABBITMQ_URL": rabbitmq_url(),
        "BROKER_NAMESPACE": broker_namespace,
        "JWT_PUBLIC_KEY_FILE": str(keys_dir / "jwt_public.pem"),
        "JWT_PRIVATE_KEY_FILE": str(keys_dir / "jwt_private.pem"),
        "MEDIA_ROOT": str(tmp_path_factory.mktemp("media")),
        "OUTBOX_POLL_SECONDS": "0.2",
        # Every connection of a test run logs in as the same user (`tests`), so checking an event's
        # publisher would prove nothing here; kit/tests/test_event_publisher.py turns it on.
        "EVENT_PUBLISHER_USER": "",
    }
    os.environ.update(env)
    return env


async def recreate_database(name: str) -> None:
    conn = await asyncpg.connect(PG_ADMIN_DSN)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()


@pytest.fixture(scope="session")
async def migrated_database(service_name: str, service_dir: Path, test_env: dict[str, str]) -> str:
    """A fresh database built by the service's own migrations (so they are tested too)."""
    await recreate_database(f"test_{service_name}")
    subprocess.run(
        [sys.executable, "-m", "alembic", "upgrade", "head"],
        cwd=service_dir,
        env={**os.environ, **test_env},
        check=True,
        capture_output=True,
    )
    return test_env["DATABASE_URL"]


@pytest.fixture
async def redis(test_env) -> AsyncIterator[Redis]:
    client = Redis.from_url(test_env["REDIS_URL"], decode_responses=True)
    await client.flushdb()
    yield client
    await client.aclose()


@pytest.fixture(scope="session")
async def session_queues(broker_namespace: str) -> AsyncIterator[set[str]]:
    """Queue names the session's apps declared; deleted once at the end (declaring is the slow part),
    with the session's exchanges, so test runs leave nothing behind in RabbitMQ."""
    names: set[str] = set()
    yield names
    await delete_queues(sorted(names))
    await delete_exchanges(broker_namespace)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "broker: the test's app connects to RabbitMQ (kit.testing `app`)")


@pytest.fixture
async def app(
    build_app: Callable[[], FastAPI], migrated_database: str, redis: Redis, session_queues: set[str],
    request: pytest.FixtureRequest,
) -> AsyncIterator[FastAPI]:
    # Only a test that goes round the broker (marked `broker`) connects to it: connecting and
    # declaring cost each test 0.18 s of CPU, and the others apply events through the app's handlers.
    before = os.environ.get("BROKER_ENABLED")
    os.environ["BROKER_ENABLED"] = "true" if request.node.get_closest_marker("broker") else "false"
    try:
        application = build_app()  # Settings() reads the environment here
    finally:
        if before is None:
            os.environ.pop("BROKER_ENABLED")
        else:
            os.environ["BROKER_ENABLED"] = before
    async with LifespanManager(application, startup_timeout=30, shutdown_timeout=30):
        yield application
    # Only once the relay and consumers have stopped can the tables be emptied without racing them;
    # the queues are emptied too, so no event of this test reaches the next one.
    await empty_tables(migrated_database)
    session_queues.update(application.state.queue_names)
    await purge_queues(application.state.queue_names)


# Every table emptied and its ids restarting at 1, as TRUNCATE ... RESTART IDENTITY would, in one
# round trip. DELETE, because TRUNCATE gives every table it names new files: 72 ms for ordering's
# 13 tables, empty or not, against 3 ms, before each of a suite's hundreds of tests. As a replica
# the session fires no trigger and checks no foreign key, so the order of the tables is free and
# billing's append-only ledger (which refuses DELETE) empties too.
EMPTY_TABLES = """
DO $$
DECLARE name text;
BEGIN
    SET LOCAL session_replication_role = replica;
    FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version' LOOP
        EXECUTE format('DELETE FROM %I', name);
    END LOOP;
    FOR name IN SELECT sequence.relname FROM pg_class sequence
                JOIN pg_namespace schema ON schema.oid = sequence.relnamespace AND schema.nspname = 'public'
                JOIN pg_depend owner ON owner.objid = sequence.oid AND owner.deptype IN ('a', 'i')
                WHERE sequence.relkind = 'S' LOOP
        EXECUTE format('ALTER SEQUENCE %I RESTART', name);
    END LOOP;
END $$
"""


async def empty_tables(database_url: str) -> None:
    """Empty every table of the database (whatever models the test happened to import)."""
    conn = await asyncpg.connect(database_url.replace("postgresql+asyncpg://", "postgresql://", 1))
    try:
        await conn.execute(EMPTY_TABLES)
    finally:
        await conn.close()


async def purge_queues(names: list[str]) -> None:
    if not names:  # an app without the broker (no `broker` mark) declared none
        return
    connection = await aio_pika.connect(rabbitmq_url())
    async with connection:
        channel = await connection.channel()
        for name in names:
            queue = await channel.declare_queue(name, passive=True)
            if queue.declaration_result.message_count:  # most tests leave most queues empty
                await queue.purge()


async def delete_queues(names: list[str]) -> None:
    connection = await aio_pika.connect(rabbitmq_url())
    async with connection:
        channel = await connection.channel()
        for name in names:
            await channel.queue_delete(name)


async def delete_exchanges(broker_namespace: str) -> None:
    """The namespace's exchanges (kit.bus: the events, their dead letters and their retries)."""
    connection = await aio_pika.connect(rabbitmq_url())
    async with connection:
        channel = await connection.channel()
        for suffix in ("", ".dead-letter", ".retry"):
            await channel.exchange_delete(f"{broker_namespace}platform.events{suffix}")


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    # Like a real server, a crash is a 500 answer, not an exception in the test.
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        yield http


@pytest.fixture
async def people(app: FastAPI, auth_header):
    """The small world (kit.testing.world): restaurants A and B with their owners, A's operator, a
    client and an admin, each person's headers. A service whose tests need more of the world (its
    projections' facts) overrides it in its conftest."""
    from kit.testing import world

    await world.seed_members(app.state.session_factory)
    return world.People(auth_header)


@pytest.fixture
def signer(keys_dir: Path) -> TokenSigner:
    return TokenSigner((keys_dir / "jwt_private.pem").read_text(), issuer="identity", lifetime_seconds=3600)


@pytest.fixture
def auth_header(signer: TokenSigner) -> Callable[..., dict[str, str]]:
    """`auth_header(user_id, group)` → an Authorization header for a token identity would issue."""

    def make(user_id: int, group: int, username: str | None = None) -> dict[str, str]:
        token = signer.issue(user_id, username or f"user{user_id}@example.com", [group])
        return {"Authorization": f"Token {token}"}

    return make
