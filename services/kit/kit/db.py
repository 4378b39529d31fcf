"""Database engine and the request-scoped session: the request owns the transaction."""
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime
from typing import Annotated, Any

import structlog
from fastapi import Depends, Request
from sqlalchemy import DateTime, MetaData, event, exc, func
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

log = structlog.get_logger()
AFTER_COMMIT = "after_commit"
WROTE_EVENTS = "wrote_events"  # session.info: the transaction staged outbox events (kit.outbox.add_event)

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Each service has its own database, so one Base (and metadata) per process is enough."""

    metadata = MetaData(naming_convention=NAMING)


class Timestamped:
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


# A pooled connection idle for longer than this is pinged before use (see `ping_when_idle`).
PING_IDLE_SECONDS = 5.0


def ping_when_idle(engine: AsyncEngine, idle_seconds: float = PING_IDLE_SECONDS) -> None:
    """Check a connection before use only when it sat idle: one that came back to the pool
    moments ago is alive, and SQLAlchemy's `pool_pre_ping` pings every checkout (with asyncpg a
    BEGIN, a query and a ROLLBACK: three round trips before each request, event and relay round).
    A connection found dead (the database restarted) invalidates every older one, as pre-ping
    does, and the pool hands out a new one."""
    pool = engine.sync_engine.pool
    dialect = engine.sync_engine.dialect

    @event.listens_for(pool, "connect")
    @event.listens_for(pool, "checkin")
    def _note_idle_since(dbapi_connection, record) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(pool, "checkout")
    def _ping_if_idle(dbapi_connection, record, proxy) -> None:
        if time.monotonic() - record.info.get("idle_since", 0.0) <= idle_seconds:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except Exception as error:  # noqa: BLE001  (whatever the driver says, the connection is gone)
            raise exc.InvalidatePoolError() from error


def make_engine(
    url: str,
    pool_size: int = 5,
    max_overflow: int = 5,
    *,
    pool_timeout: float = 30.0,
    statement_timeout_ms: int | None = None,
    **kwargs,
) -> AsyncEngine:
    """Small pools: six services share one PostgreSQL (100 connections by default), and on two
    cores more connections than that only queue inside the database instead of in the pool."""
    if statement_timeout_ms is not None:
        kwargs.setdefault("connect_args", {}).setdefault("server_settings", {})["statement_timeout"] = str(statement_timeout_ms)
    # Last in, first out: under a light load the same few connections serve, warm, and the rest
    # sit idle (pinged only when next used, `ping_when_idle`), instead of every connection in turn.
    engine = create_async_engine(
        url, pool_size=pool_size, max_overflow=max_overflow, pool_timeout=pool_timeout, pool_use_lifo=True, **kwargs
    )
    ping_when_idle(engine)
    return engine


def request_engine(settings) -> AsyncEngine:
    """The pool requests draw from (`settings.db_*`)."""
    return make_engine(
        settings.database_url, settings.db_pool_size, settings.db_max_overflow,
        pool_timeout=settings.db_pool_timeout_seconds, statement_timeout_ms=settings.db_statement_timeout_ms,
    )


def background_engine(settings) -> AsyncEngine:
    """The small pool of work that must go on whatever requests do: event handlers, the outbox
    relay, readiness and the live stream (`settings.db_background_*`)."""
    return make_engine(
        settings.database_url, settings.db_background_pool_size, settings.db_background_max_overflow,
        pool_timeout=settings.db_pool_timeout_seconds, statement_timeout_ms=settings.db_background_statement_timeout_ms,
    )


def make_session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


def after_commit(session: AsyncSession, callback: Callable[[], Awaitable[None]]) -> None:
    """Run `callback` once the session's transaction has committed; never if it rolls back.

    For effects outside the database that must not run ahead of the commit (cache invalidation).
    """
    session.info.setdefault(AFTER_COMMIT, []).append(callback)


async def run_after_commit(session: AsyncSession) -> None:
    for callback in session.info.pop(AFTER_COMMIT, []):
        try:
            await callback()
        except Exception:  # the commit stands; a failed side effect is logged, not raised
            log.exception("after_commit_failed")


async def request_session(request: Request) -> AsyncIterator[AsyncSession]:
    """Commit when the handler returns, roll back when it raises.

    After a commit that wrote events the outbox relay is woken so they leave at once.
    """
    factory: async_sessionmaker[AsyncSession] = request.app.state.session_factory
    async with factory() as session:
        try:
            yield session
            wrote_events = session.info.pop(WROTE_EVENTS, False)
            await session.commit()
        except BaseException:
            session.info.pop(AFTER_COMMIT, None)
            await session.rollback()
            raise
        if wrote_events:
            request.app.state.relay.wake()
        await run_after_commit(session)


# scope="function": the transaction ends around the handler, so an error rolls it back and the
# answer is sent only after the commit succeeded.
SessionDep = Annotated[AsyncSession, Depends(request_session, scope="function")]


async def upsert_unless_older(
    session: AsyncSession, model: type[Base], key: str | tuple[str, ...], values: dict[str, Any] | list[dict[str, Any]],
    stamp: str = "updated_at",
) -> None:
    """Write a projection's row (or rows, one statement) from an event's facts, unless a row holds a
    newer event's.

    Events arrive in any order and more than once; `values[stamp]` is the event's time.
    """
    keys = (key,) if isinstance(key, str) else key
    rows = values if isinstance(values, list) else [values]
    if not rows:
        return
    table = model.__table__  # a Core statement: the ORM's bulk-insert path costs more than the write itself
    statement = insert(table)
    # The rows go as parameters, not in `.values()`: a statement holding a list of rows has no
    # cache key, so SQLAlchemy would compile it again for every event.
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=list(keys),
            set_={name: statement.excluded[name] for name in rows[0] if name not in keys},
            where=table.c[stamp] <= statement.excluded[stamp],
        ),
        rows,
    )
