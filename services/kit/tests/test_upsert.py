"""`kit.db.upsert_unless_older`: how every projection writes its copy of another service's facts."""
from datetime import UTC, datetime, timedelta

from sqlalchemy import DateTime, Integer, String, event, select
from sqlalchemy.engine.default import CACHE_HIT, NO_CACHE_KEY
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import Base, upsert_unless_older

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


class CopiedFact(Base):
    """A projection's row, keyed by the other service's id and stamped with the event's time."""

    __tablename__ = "copied_fact"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def fact(id: int, name: str, minutes: int) -> dict:
    return {"id": id, "name": name, "updated_at": T0 + timedelta(minutes=minutes)}


async def test_the_newest_event_wins_whatever_order_the_events_arrive_in(migrated_database):
    engine = create_async_engine(migrated_database)
    try:
        async with AsyncSession(engine) as session, session.begin():
            await upsert_unless_older(session, CopiedFact, "id", [fact(1, "first", 0), fact(2, "other", 0)])
            await upsert_unless_older(session, CopiedFact, "id", fact(1, "newer", 5))
            await upsert_unless_older(session, CopiedFact, "id", fact(1, "late", 3))  # older: ignored
            await upsert_unless_older(session, CopiedFact, "id", [fact(2, "again", 0)])  # same time: applied
            rows = dict((await session.execute(select(CopiedFact.id, CopiedFact.name).order_by(CopiedFact.id))).all())
            await session.rollback()
    finally:
        await engine.dispose()
    assert rows == {1: "newer", 2: "again"}


async def test_the_statement_is_compiled_once_not_for_every_event(migrated_database):
    """A statement that holds its rows has no cache key: SQLAlchemy compiled it again for every
    event: 15% of catalog's CPU while `make bench-payments` paid (py-spy)."""
    engine = create_async_engine(migrated_database)
    cache = []

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def seen(connection, cursor, statement, parameters, context, executemany):
        if statement.startswith("INSERT INTO copied_fact"):
            cache.append(context.cache_hit)

    try:
        async with AsyncSession(engine) as session, session.begin():
            for rows in ([fact(1, "a", 0)], [fact(1, "b", 1), fact(2, "c", 1)], [fact(3, "d", 2)], [fact(4, "e", 3), fact(5, "f", 3)]):
                await upsert_unless_older(session, CopiedFact, "id", rows)
            await session.rollback()
    finally:
        await engine.dispose()
    # one row, or several (executemany), each form compiled at most once
    assert len(cache) == 4 and NO_CACHE_KEY not in cache
    assert cache[2:] == [CACHE_HIT, CACHE_HIT]
