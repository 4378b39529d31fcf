"""Transactional outbox: an event is a row written in the same transaction as the change.

The relay claims unpublished rows with FOR UPDATE SKIP LOCKED (so replicas never publish the
same row concurrently), publishes them with publisher confirms, then marks the confirmed ones
published in the same transaction. A crash between publish and commit republishes the rows:
delivery is at-least-once and consumers deduplicate by event id. An event the broker returns as
unroutable (its consumer's queue is missing) stays unpublished and is tried again on the next
round; while the broker is away, every event waits here.
"""
import asyncio
import uuid
from datetime import UTC, datetime

import structlog
from asgi_correlation_id import correlation_id
from sqlalchemy import DateTime, Index, String, Text, cast, func, select, update
from sqlalchemy.dialects.postgresql import JSONB, UUID
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from contracts import Event
from kit.bus import Bus
from kit.db import WROTE_EVENTS, Base
from kit.metrics import EVENTS_PUBLISHED, EVENTS_UNROUTABLE
from kit.origin import ORIGIN

log = structlog.get_logger()


class OutboxMessage(Base):
    __tablename__ = "outbox_message"
    __table_args__ = (
        Index("ix_outbox_message_unpublished", "created_at", postgresql_where="published_at IS NULL"),
    )

    event_id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True)
    event_type: Mapped[str] = mapped_column(String(120))
    payload: Mapped[dict] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


def add_event(session: AsyncSession, event: Event) -> None:
    """Stage `event` in the caller's transaction; it leaves only if that transaction commits."""
    # The envelope names the request (its X-Request-ID) and the staff screen that caused it (kit.origin).
    envelope = {"request_id": correlation_id.get(), "origin": ORIGIN.get()}
    if update := {name: value for name, value in envelope.items() if value and getattr(event, name) is None}:
        event = event.model_copy(update=update)
    session.add(
        OutboxMessage(event_id=event.event_id, event_type=event.type, payload=event.model_dump(mode="json"))
    )
    session.info[WROTE_EVENTS] = True


class OutboxRelay:
    batch_size = 100

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        bus: Bus,
        poll_seconds: float,
    ):
        self._session_factory = session_factory
        self._bus = bus
        self._poll_seconds = poll_seconds
        self._wakeup = asyncio.Event()
        self._stopping = False

    def wake(self) -> None:
        self._wakeup.set()

    def stop(self) -> None:
        """Ask `run` to return after the batch in hand.

        Stopping by a flag, not by cancelling: on Python 3.11, a cancel that lands as a wake-up
        completes `asyncio.wait_for` can be swallowed (a shutdown hung a whole poll period in tests).
        """
        self._stopping = True
        self._wakeup.set()

    async def run(self) -> None:
        while not self._stopping:
            try:
                while await self.publish_pending() == self.batch_size and not self._stopping:
                    pass
            except Exception:
                log.exception("outbox_relay_failed")
            try:
                async with asyncio.timeout(self._poll_seconds):
                    await self._wakeup.wait()
            except TimeoutError:
                pass
            if not self._stopping:
                self._wakeup.clear()

    async def publish_pending(self) -> int:
        """Publish a batch of pending events; answers how many went out.

        The batch goes out at once: the channel keeps the events in order, and their confirmations
        are awaited together instead of one round trip each. Those confirmed are marked published
        even when another failed; the failure is raised once they are."""
        if not self._bus.connected.is_set():
            return 0
        async with self._session_factory() as session, session.begin():
            table = OutboxMessage.__table__
            rows = (
                await session.execute(
                    # the payload as the database keeps it, JSON text: sent as it is, never decoded and encoded again
                    select(table.c.event_id, table.c.event_type, cast(table.c.payload, Text),
                           table.c.payload["request_id"].astext)
                    .where(table.c.published_at.is_(None))
                    .order_by(table.c.created_at)
                    .limit(self.batch_size)
                    .with_for_update(skip_locked=True)
                )
            ).all()
            outcomes = await asyncio.gather(*(self._publish(*row) for row in rows), return_exceptions=True)
            sent = [row for row, outcome in zip(rows, outcomes) if outcome is True]
            published = [row.event_id for row in sent]
            await self._mark_published(session, published)
        if sent:  # one line a round, not one an event: the relay's log was a sixth of its CPU
            log.info("events_published", count=len(sent), event_ids=[str(row.event_id) for row in sent],
                     event_types=sorted({row.event_type for row in sent}))
        if failed := next((outcome for outcome in outcomes if isinstance(outcome, BaseException)), None):
            raise failed
        return len(published)

    async def _publish(self, event_id: uuid.UUID, event_type: str, payload: str, request_id: str | None) -> bool:
        if not await self._bus.publish(event_type, payload.encode(), str(event_id), request_id or None):
            log.warning("event_unroutable_kept", event_type=event_type, event_id=str(event_id))
            EVENTS_UNROUTABLE.labels(event_type).inc()
            return False
        EVENTS_PUBLISHED.labels(event_type).inc()
        return True

    async def backlog(self) -> tuple[int, float]:
        """How many events wait to be published, and the oldest one's age in seconds (0 when none
        does), by the database's clock, which stamped them (`kit.metrics`)."""
        async with self._session_factory() as session:
            waiting, oldest = (await session.execute(
                select(func.count(), func.coalesce(func.extract("epoch", func.now() - func.min(OutboxMessage.created_at)), 0))
                .where(OutboxMessage.published_at.is_(None))
            )).one()
        return waiting, max(float(oldest), 0.0)

    async def _mark_published(self, session: AsyncSession, event_ids: list[uuid.UUID]) -> None:
        if event_ids:
            table = OutboxMessage.__table__  # rows, not ORM objects: the relay runs all day
            await session.execute(
                update(table).where(table.c.event_id.in_(event_ids)).values(published_at=datetime.now(UTC))
            )
