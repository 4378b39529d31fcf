"""Online checkout's tests run billing against real PostgreSQL, RabbitMQ and Redis, the provider's
simulator over real HTTP (as the marketplace tests do), and the real ordering app, in this process:
its own database (`test_billing_ordering`, built by ordering's migrations), its own broker namespace
(so it never consumes billing's events: what ordering does with them is ordering's suite's; these
tests deliver ordering's events to billing themselves) and billing's Redis database (its keys are
`ordering:…`). Billing reads the lines from it over HTTP, through an ASGI transport.

Ordering learns its world once per session (A's dishes and tables 11 and 12, B's table 21, the
members); each test starts with no orders there."""
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from asgi_lifespan import LifespanManager
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from kit.testing import delete_exchanges, delete_queues, recreate_database
from tests.checkout import steps
from tests.marketplace.conftest import TOKEN_KEY, marketplace_env, simulator, simulator_url  # noqa: F401

ORDERING_DATABASE = "test_billing_ordering"
# what each test empties in ordering: everything but what it learned from other services
KEPT = ("alembic_version", "category_facts", "dish_facts", "menu_facts", "place_facts", "restaurant_settings",
        "restaurant_member", "processed_event")


@pytest.fixture(scope="session")
async def ordering_app(test_env, keys_dir, broker_namespace, tmp_path_factory) -> AsyncIterator:
    import ordering
    from ordering.main import build_app
    from ordering.settings import Settings

    url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{ORDERING_DATABASE}"
    await recreate_database(ORDERING_DATABASE)
    subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=Path(ordering.__file__).resolve().parents[1],
                   env={**os.environ, "DATABASE_URL": url, "SERVICE_NAME": "ordering"}, check=True, capture_output=True)
    settings = Settings(
        service_name="ordering", database_url=url, redis_url=test_env["REDIS_URL"], rabbitmq_url=test_env["RABBITMQ_URL"],
        broker_namespace=f"{broker_namespace}ordering.", jwt_public_key_file=keys_dir / "jwt_public.pem",
        media_root=tmp_path_factory.mktemp("ordering-media"), outbox_poll_seconds=0.2, event_publisher_user="",
    )
    app = build_app(settings)
    async with LifespanManager(app, startup_timeout=30, shutdown_timeout=30):
        await steps.ordering_world(app)
        yield app
    await delete_queues(sorted(app.state.queue_names))
    await delete_exchanges(settings.broker_namespace)


@pytest.fixture
async def ordering_client(ordering_app) -> AsyncIterator[httpx.AsyncClient]:
    """Ordering's API as staff and diners call it, with no orders in it yet."""
    engine = create_async_engine(ordering_app.state.settings.database_url)
    async with engine.begin() as connection:
        names = (await connection.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))).scalars().all()
        emptied = ", ".join(f'"{name}"' for name in names if name not in KEPT)
        await connection.execute(text(f"TRUNCATE {emptied} RESTART IDENTITY CASCADE"))
    await engine.dispose()
    transport = httpx.ASGITransport(app=ordering_app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://ordering.test") as http:
        yield http


@pytest.fixture
def build_app(test_env, simulator_url, marketplace_env, monkeypatch):  # noqa: F811
    from billing.main import build_app
    from billing.settings import Settings

    from simulators.mercadopago import billing_settings

    for name, value in {**billing_settings(simulator_url), "MERCADOPAGO_TOKEN_KEY": TOKEN_KEY,
                        "MERCADOPAGO_TIMEOUT_SECONDS": "1", "ORDERING_URL": "http://ordering.test",
                        # the payments' notifications wait in the simulator's sink for the test to deliver them
                        "MERCADOPAGO_NOTIFICATION_URL": f"{simulator_url}/_control/sink",
                        "PUBLIC_BASE_URL": "http://resto.test", **marketplace_env}.items():
        monkeypatch.setenv(name, value)
    return lambda: build_app(Settings())


@pytest.fixture
async def checkout_app(app, ordering_app, ordering_client):
    """Billing, reading ordering's lines from the ordering app of this process."""
    checkouts = app.state.checkouts
    await checkouts.http.aclose()
    checkouts.http = checkouts.ordering.http = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=ordering_app, raise_app_exceptions=False))
    return app


@pytest.fixture
async def world(checkout_app, client, people, simulator, ordering_client, auth_header):
    """Restaurant A linked to its owner's marketplace account, with tips on; B not linked."""
    return await steps.World.make(checkout_app, client, people, simulator, ordering_client, auth_header)
