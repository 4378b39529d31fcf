"""A flood of slow requests cannot starve the work that must go on (events, the relay, readiness),
and a request that cannot get a connection, or whose statement runs too long, is told to come back
(503 + Retry-After) instead of waiting without end or failing with a 500."""
import asyncio

import pytest
from asgi_lifespan import LifespanManager
from httpx import ASGITransport, AsyncClient
from sqlalchemy import text

from kit.app import create_app
from kit.db import background_engine, request_engine
from kit.settings import ServiceSettings
from tests.conftest import backend_pid, router

TIGHT = dict(
    service_name="kit", db_pool_size=1, db_max_overflow=0, db_pool_timeout_seconds=0.5,
    db_statement_timeout_ms=1_500,
)


@pytest.fixture
async def tight(migrated_database, session_queues):
    application = create_app(ServiceSettings(**TIGHT), routers=[router])
    async with LifespanManager(application, startup_timeout=30, shutdown_timeout=30):
        transport = ASGITransport(app=application, raise_app_exceptions=False)
        async with AsyncClient(transport=transport, base_url="http://testserver") as http:
            yield application, http
    session_queues.update(application.state.queue_names)


async def test_a_request_that_finds_no_free_connection_in_time_is_told_to_retry(tight):
    app, http = tight
    holder = asyncio.create_task(http.get("/slow/1.2"))  # the only request connection, for 1.2 s
    await _until_busy(app)
    answer = await http.get("/things", headers={"Accept-Language": "en"})
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "2"
    assert answer.json() == {"detail": "The service is busy. Try again in 2 seconds.", "code": "busy"}
    assert (await holder).status_code == 200


async def test_while_every_request_connection_is_held_readiness_and_background_work_go_on(tight):
    app, http = tight
    holder = asyncio.create_task(http.get("/slow/1.2"))
    await _until_busy(app)
    ready = await http.get("/readyz")
    assert ready.status_code == 200 and ready.json()["checks"]["database"] is True
    async with app.state.background_session_factory() as session:  # what the relay and handlers use
        assert await session.scalar(text("SELECT 1")) == 1
    assert not holder.done()  # the request pool really was taken all along
    await holder


async def test_a_statement_past_the_timeout_is_cancelled_and_answered_503(tight):
    _, http = tight
    answer = await http.get("/slow/5")
    assert answer.status_code == 503
    assert answer.json()["code"] == "busy"


async def _until_busy(app) -> None:
    """Until the request pool's only connection is checked out (bounded)."""
    pool = app.state.session_factory.kw["bind"].pool
    for _ in range(200):
        if pool.checkedout() == 1:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the slow request never took its connection")


async def test_a_burst_reuses_the_pools_connections_instead_of_opening_new_backends(migrated_database):
    """The default pools keep every connection they open: a second burst as large as the pool
    finds the first burst's backends (an overflow connection would have been closed on return, and
    the next burst paid for a new backend, its type introspection and its prepared statements)."""
    settings = ServiceSettings(service_name="kit", database_url=migrated_database)
    for engine, size in ((request_engine(settings), settings.db_pool_size + settings.db_max_overflow),
                         (background_engine(settings), settings.db_background_pool_size + settings.db_background_max_overflow)):
        try:
            first, second = await _burst_pids(engine, size), await _burst_pids(engine, size)
            assert len(first) == size and second == first
        finally:
            await engine.dispose()


async def test_a_light_load_keeps_using_the_connection_returned_last(migrated_database):
    """Last in, first out: after a burst, one request at a time gets the same warm connection
    (first in, first out would walk through every idle one, each pinged after sitting idle)."""
    settings = ServiceSettings(service_name="kit", database_url=migrated_database)
    engine = request_engine(settings)
    try:
        await _burst_pids(engine, settings.db_pool_size)
        one_at_a_time = {await backend_pid(engine) for _ in range(5)}
        assert len(one_at_a_time) == 1
    finally:
        await engine.dispose()


async def _burst_pids(engine, size: int) -> set[int]:
    """The backends of `size` connections held at once."""
    all_held = asyncio.Barrier(size)

    async def hold() -> int:
        async with engine.connect() as connection:
            pid = await connection.scalar(text("SELECT pg_backend_pid()"))
            await all_held.wait()
            return pid

    return set(await asyncio.gather(*(hold() for _ in range(size))))
