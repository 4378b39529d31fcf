"""How long notifications are kept, enforced every `retention_minutes` by one process at a time
(a PostgreSQL advisory lock), in batches of short transactions:

- everything older than `history_days` goes (the bell's history; its read marks with it);
- what a place's phones may read is only the place's current sitting: a message from before the
  place's tab last closed, or older than `diner_history_hours` (a table never freed), is no longer
  theirs. A message only phones read is deleted; one the staff read too stays for the staff.

The catch-up already skips what came before the sitting; the job keeps the rows phones may read
(the partial indexes `WHERE for_diners` the diner catch-up reads) to about one sitting per place.
"""
import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import structlog
from sqlalchemy import Select, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kit import jobs
from notifications.notification.models import Notification
from notifications.place.models import Sitting
from notifications.settings import Settings

log = structlog.get_logger()

BATCH = 5000
LOCK = 0x6E6F_7469  # the advisory lock's key: one process purges at a time
Step = Callable[[AsyncSession], Awaitable[int]]


def keep(session_factory: async_sessionmaker[AsyncSession], settings: Settings) -> asyncio.Task:
    """Start purging every `retention_minutes`, for as long as the process runs (`jobs.stop` ends it)."""
    return jobs.every(
        settings.retention_minutes * 60,
        lambda: purge(session_factory, settings, datetime.now(UTC)),
        name="retention",
        failed="retention_failed",
    )


async def purge(session_factory: async_sessionmaker[AsyncSession], settings: Settings, now: datetime) -> int:
    """One round: how many rows were deleted or taken from the phones (0 when another process is at it)."""
    history = now - timedelta(days=settings.history_days)
    for_diners = now - timedelta(hours=settings.diner_history_hours)
    steps: list[Step] = [
        lambda session: _delete_older_than(session, history),
        lambda session: _off_the_phones(session, _before_their_sitting()),
        lambda session: _off_the_phones(session, _older_than(for_diners)),
    ]
    total = 0
    for step in steps:
        while True:
            async with session_factory() as session, session.begin():
                if not await session.scalar(select(func.pg_try_advisory_xact_lock(LOCK))):
                    return total
                done = await step(session)
            total += done
            if done < BATCH:
                break
    if total:
        log.info("retention_purged", rows=total)
    return total


async def _delete_older_than(session: AsyncSession, cutoff: datetime) -> int:
    # Ids follow commit order, so the oldest rows come first: the batch is read off the primary
    # key's start instead of scanning the table for old dates.
    oldest = select(Notification.id).order_by(Notification.id).limit(BATCH)
    deleted = await session.scalars(
        delete(Notification).where(Notification.id.in_(oldest), Notification.created_at < cutoff).returning(Notification.id)
    )
    return len(deleted.all())


def _before_their_sitting() -> Select:
    return (
        select(Notification.id)
        .join(Sitting, Sitting.place_id == Notification.place_id)
        .where(Notification.for_diners, Notification.created_at < Sitting.started_at)
        .limit(BATCH)
    )


def _older_than(cutoff: datetime) -> Select:
    return select(Notification.id).where(Notification.for_diners, Notification.created_at < cutoff).limit(BATCH)


async def _off_the_phones(session: AsyncSession, stale: Select) -> int:
    ids = list(await session.scalars(stale))
    if ids:
        quick = {"synchronize_session": False}
        await session.execute(delete(Notification).where(Notification.id.in_(ids), ~Notification.for_staff), execution_options=quick)
        await session.execute(update(Notification).where(Notification.id.in_(ids)).values(for_diners=False), execution_options=quick)
    return len(ids)
