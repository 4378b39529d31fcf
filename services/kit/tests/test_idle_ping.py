"""A pooled connection is checked before use only when it sat idle (`kit.db.ping_when_idle`): a
connection the database dropped meanwhile (a restart) is replaced without the caller noticing,
and busy connections cost no extra round trips."""
from sqlalchemy import event, text

from kit.db import make_engine
from tests.conftest import backend_pid


async def test_an_idle_connection_the_database_dropped_is_replaced_unnoticed(migrated_database, monkeypatch):
    engine = make_engine(migrated_database, pool_size=1, max_overflow=0)
    try:
        dropped = await backend_pid(engine)
        async with make_engine(migrated_database).connect() as admin:
            assert await admin.scalar(text("SELECT pg_terminate_backend(:pid)"), {"pid": dropped}) is True
        monkeypatch.setattr("time.monotonic", _later_by(60))  # the pooled connection sat idle a minute
        assert await backend_pid(engine) != dropped  # a fresh connection, no error
    finally:
        await engine.dispose()


async def test_a_connection_back_in_the_pool_moments_ago_is_not_pinged(migrated_database):
    engine = make_engine(migrated_database, pool_size=1, max_overflow=0)
    statements: list[str] = []
    event.listen(engine.sync_engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    try:
        first = await backend_pid(engine)
        assert await backend_pid(engine) == first
        assert statements == ["SELECT pg_backend_pid()"] * 2
    finally:
        await engine.dispose()


def _later_by(seconds: float):
    import time
    real = time.monotonic
    return lambda: real() + seconds
