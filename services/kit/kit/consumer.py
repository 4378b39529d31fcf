"""Idempotent event consumers.

One durable quorum queue per (service, event type), `<service>.<event type>` (see `kit.bus`). An
event type maps to one handler or to a list of them, run in order in one transaction. The
handlers' changes and the processed-event row commit together, so a redelivered event (relay
republish, consumer crash before ack) changes nothing twice. A failing handler is retried after
growing delays (`consumer_retry_delays`), then dead-lettered to `<service>.dead-letter`; a message
that is no such event is dead-lettered at once.

Before anything else, a consumer checks who published the event: the broker user RabbitMQ vouches
for (`Bus.publisher_of`) must be the one its type's producer publishes as
(`event_publisher_user`, `{producer}` by default). Anything else, a forged
`identity.operator.added` from ordering's login, or an event without `user_id`, is logged and
dead-lettered at once, never retried.

A handler is given what it uses, as cosmicpython's `bootstrap` injects dependencies: after the
session and the event it names its collaborators as keyword-only parameters (`clock`, `redis`,
`settings`, or what the service provides, `create_app(provides=...)`), and `inject` binds them once,
when the consumers start. A collaborator nobody provides stops the start-up, rather than failing at
the first event (a module-level collaborator a second app forgot to plug in did that).
"""
import asyncio
import functools
import inspect
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime

import structlog
from aio_pika.abc import AbstractIncomingMessage
from asgi_correlation_id import correlation_id
from sqlalchemy import DateTime, String, func
from sqlalchemy.dialects.postgresql import UUID, insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from contracts import Event, event_class
from contracts.topology import producer
from kit.bus import Bus
from kit.db import WROTE_EVENTS, Base, run_after_commit
from kit.metrics import EVENT_RETRIES, EVENTS_CONSUMED, EVENTS_DEAD_LETTERED, watch_event_types
from kit.origin import ORIGIN

log = structlog.get_logger()

Handler = Callable[..., Awaitable[None]]  # (session, event, *, the collaborators it names)
HandlerMap = Mapping[str, Handler | Sequence[Handler]]
BoundHandler = Callable[[AsyncSession, Event], Awaitable[None]]


class CollaboratorMissing(LookupError):
    """A handler names a collaborator the service does not provide."""


def inject(handler: Handler, provided: Mapping[str, object]) -> BoundHandler:
    """`handler` with the keyword-only collaborators it names bound from `provided`."""
    wanted = [p.name for p in inspect.signature(handler).parameters.values() if p.kind is p.KEYWORD_ONLY]
    if missing := [name for name in wanted if name not in provided]:
        raise CollaboratorMissing(f"{handler.__module__}.{handler.__qualname__} needs {', '.join(missing)}: not provided")
    return functools.partial(handler, **{name: provided[name] for name in wanted}) if wanted else handler


def kept_copy(
    created: type[Event],
    changed: type[Event],
    deleted: type[Event],
    on_facts: Handler | Sequence[Handler],
    on_deleted: Handler | Sequence[Handler],
) -> dict[str, Handler | Sequence[Handler]]:
    """The handlers of a service's own copy of another service's entity: written on creation and on
    every change, dropped (or kept as a tombstone) on deletion."""
    return {created.type: on_facts, changed.type: on_facts, deleted.type: on_deleted}


class ProcessedEvent(Base):
    __tablename__ = "processed_event"

    event_id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True)
    event_type: Mapped[str] = mapped_column(String(120))
    processed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class UntrustedPublisher(Exception):
    """The broker user that published an event is not the one its producer publishes as."""


def ensure_trusted_publisher(bus: Bus, event_type: str, message: AbstractIncomingMessage) -> None:
    """Raise unless the event's vouched publisher is its producer's broker user. The type is the
    queue's, so a body cannot claim another one."""
    template = bus.settings.event_publisher_user
    if not template:
        return
    expected = template.format(producer=producer(event_type))
    published_by = bus.publisher_of(message)
    if published_by != expected:
        log.error(
            "event_publisher_refused", event_type=event_type, event_id=message.message_id,
            published_by=published_by, expected=expected,
        )
        EVENTS_DEAD_LETTERED.labels(event_type, "untrusted_publisher").inc()
        raise UntrustedPublisher(f"{event_type} published by {published_by!r}, not by {expected!r}")


def handlers_of(entry: Handler | Sequence[Handler]) -> tuple[Handler, ...]:
    return tuple(entry) if isinstance(entry, Sequence) else (entry,)


_CLAIM = ProcessedEvent.__table__  # claimed with a Core statement: every event pays for it


async def process_event(
    session_factory: async_sessionmaker[AsyncSession], handlers: Sequence[BoundHandler], event: Event,
    on_events_written: Callable[[], None] = lambda: None,
) -> bool:
    """Run the handlers once per event id, in order, in one transaction; False for a duplicate.
    The events they write carry this one's origin (kit.origin). `on_events_written` runs after a
    commit in which the handlers staged outbox events (the relay's wake-up: an event that wrote none
    costs the relay nothing)."""
    screen = ORIGIN.set(event.origin)
    try:
        async with session_factory() as session:
            async with session.begin():
                claimed = await session.execute(
                    insert(_CLAIM)
                    .values(event_id=event.event_id, event_type=event.type)
                    .on_conflict_do_nothing()
                    .returning(_CLAIM.c.event_id)
                )
                if claimed.first() is None:
                    log.info("event_duplicate_skipped", event_type=event.type, event_id=str(event.event_id))
                    return False
                for handler in handlers:
                    await handler(session, event)
            if session.info.pop(WROTE_EVENTS, False):
                on_events_written()
            await run_after_commit(session)
    finally:
        ORIGIN.reset(screen)
    return True


def _consumer(
    bus: Bus,
    event_type: str,
    queue_name: str,
    session_factory: async_sessionmaker[AsyncSession],
    handlers: Sequence[BoundHandler],
    model: type[Event],
    on_events_written: Callable[[], None],
    slots: asyncio.Semaphore,
) -> Callable[..., Awaitable[None]]:
    async def consume(body: dict) -> None:
        message = bus.current_message()
        ensure_trusted_publisher(bus, event_type, message)  # raised: dead-lettered, not retried
        try:
            event = model.model_validate(body)
        except ValueError:
            EVENTS_DEAD_LETTERED.labels(event_type, "invalid").inc()
            raise
        token = correlation_id.set(event.request_id)
        try:
            try:
                async with slots:  # a turn at the background pool (subscribe_handlers)
                    applied = await process_event(session_factory, handlers, event, on_events_written)
            except Exception:
                log.exception("event_handler_failed", event_type=event.type, event_id=str(event.event_id))
                if await bus.retry_later(message, queue_name):
                    EVENT_RETRIES.labels(event_type).inc()
                    return
                EVENTS_DEAD_LETTERED.labels(event_type, "retries_used_up").inc()
                raise  # retries used up: rejected, so dead-lettered
            EVENTS_CONSUMED.labels(event_type, "applied" if applied else "duplicate").inc()
        finally:
            correlation_id.reset(token)

    return consume


def subscribe_handlers(
    bus: Bus,
    session_factory: async_sessionmaker[AsyncSession],
    handlers: HandlerMap,
    on_events_written: Callable[[], None] = lambda: None,
    concurrency: int = 2,
    provided: Mapping[str, object] | None = None,
) -> dict[str, tuple[BoundHandler, ...]]:
    """Consume one queue per handled event type; the bindings follow from the handler map.

    The broker hands each queue up to `consumer_prefetch` events at once, and each runs as a task
    of its own; at most `concurrency` of them (the background pool's steady connections: one more
    stays for the relay) are applied at a time, the rest wait their turn here instead of timing
    out on the pool and going round the retry queue (seen under the payments benchmark). Each
    handler is bound to the collaborators it names from `provided` first (`inject`); answers the
    bound handlers by event type."""
    bound = {event_type: tuple(inject(h, provided or {}) for h in handlers_of(entry)) for event_type, entry in handlers.items()}
    watch_event_types(handlers)
    slots = asyncio.Semaphore(concurrency)
    for event_type, entry in bound.items():
        queue_name = bus.queue_name(bus.service, event_type)
        consume = _consumer(bus, event_type, queue_name, session_factory, entry, event_class(event_type),
                            on_events_written, slots)
        bus.subscribe(event_type, consume)
    return bound
