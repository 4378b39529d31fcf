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
import contextlib
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
from kit.metrics import EVENT_BATCHES, EVENT_RETRIES, EVENTS_CONSUMED, EVENTS_DEAD_LETTERED, watch_event_types
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
    if not wanted:
        return handler
    bound = functools.partial(handler, **{name: provided[name] for name in wanted})
    bound.takes_batches = takes_batches(handler)  # type: ignore[attr-defined]
    bound.linger_seconds = linger_of([handler])  # type: ignore[attr-defined]
    return bound


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


def batched(*, linger_seconds: float = 0.0) -> Callable[[Handler], Handler]:
    """Mark a handler as taking a batch's events of its type at once, `(session, events, *, ...)`,
    so it writes what they change in one statement instead of one per event (identity's count of
    orders, catalog's dish activity). With `linger_seconds`, a batch waits that long for company
    (or until a prefetch's worth has come): for a copy that needs only the latest value or a sum,
    where a second late costs nothing and a busy night's events then cost a statement a batch. It
    must not stage events: an event it wrote could not say which of the batch's caused it (`kit.origin`)."""
    def mark(handler: Handler) -> Handler:
        handler.takes_batches = True  # type: ignore[attr-defined]
        handler.linger_seconds = linger_seconds  # type: ignore[attr-defined]
        return handler

    return mark


def takes_batches(handler: Handler | BoundHandler) -> bool:
    return getattr(handler, "takes_batches", False)


def linger_of(handlers: Sequence[Handler | BoundHandler]) -> float:
    """How long a queue's batch waits for company: the longest its handlers ask for."""
    return max((getattr(handler, "linger_seconds", 0.0) for handler in handlers), default=0.0)


@contextlib.contextmanager
def _caused_by(origin: str | None, request_id: str | None):
    """The origin and request id the events written meanwhile carry (kit.origin, the log's request id)."""
    screen, request = ORIGIN.set(origin), correlation_id.set(request_id)
    try:
        yield
    finally:
        ORIGIN.reset(screen)
        correlation_id.reset(request)


async def _apply(session: AsyncSession, handlers: Sequence[BoundHandler], events: Sequence[Event]) -> None:
    """The handlers in order, each over the batch: a batch handler once (no single event caused
    what it does), any other once per event, with that event's origin and request id."""
    for handler in handlers:
        if takes_batches(handler):
            with _caused_by(None, None):
                await handler(session, events)
            continue
        for event in events:
            with _caused_by(event.origin, event.request_id):
                await handler(session, event)


async def process_events(
    session_factory: async_sessionmaker[AsyncSession], handlers: Sequence[BoundHandler], events: Sequence[Event],
    on_events_written: Callable[[], None] = lambda: None,
) -> list[bool]:
    """Apply a batch of events of one type in one transaction, each once per event id; answers, for
    each, whether it was applied (False for a duplicate). One claim statement and one commit serve
    the whole batch: the consumers' cost per event was mostly those (`make bench-capacity`).
    `on_events_written` runs after a commit in which the handlers staged outbox events (the relay's
    wake-up: an event that wrote none costs the relay nothing)."""
    async with session_factory() as session:
        async with session.begin():
            unique = list({event.event_id: event for event in events}.values())
            # The rows go as parameters (SQLAlchemy's insertmanyvalues), not in `.values()`: a
            # statement holding a list of rows has no cache key and would be compiled every batch.
            claimed = set(await session.scalars(
                insert(_CLAIM).on_conflict_do_nothing().returning(_CLAIM.c.event_id),
                [{"event_id": event.event_id, "event_type": event.type} for event in unique],
            ))
            fresh = [event for event in unique if event.event_id in claimed]
            if fresh:
                await _apply(session, handlers, fresh)
        if session.info.pop(WROTE_EVENTS, False):
            on_events_written()
        await run_after_commit(session)
    if fresh:
        EVENT_BATCHES.labels(fresh[0].type).inc()
    applied: list[bool] = []
    for event in events:
        applied.append(event.event_id in claimed)
        claimed.discard(event.event_id)  # the same event twice in a batch: applied once
        if not applied[-1]:
            log.info("event_duplicate_skipped", event_type=event.type, event_id=str(event.event_id))
    return applied


async def process_event(
    session_factory: async_sessionmaker[AsyncSession], handlers: Sequence[BoundHandler], event: Event,
    on_events_written: Callable[[], None] = lambda: None,
) -> bool:
    """`process_events` for one event: applied, or False for a duplicate."""
    return (await process_events(session_factory, handlers, [event], on_events_written))[0]


class Batches:
    """One queue's events waiting for the database, applied a batch at a time (`process_events`).

    While a batch is in the database the next one gathers, so batches grow with the load and an
    event alone never waits for company, unless the queue's handlers ask it to linger (`batched`):
    then a batch waits up to `linger` seconds, or until `size` events have come. A batch that
    fails is applied again one event at a time, so only the failing event is retried or
    dead-lettered; the rest are applied as they would have been alone."""

    def __init__(
        self, apply: Callable[[Sequence[Event]], Awaitable[list[bool]]], slots: asyncio.Semaphore, size: int,
        linger: float = 0.0,
    ):
        self._apply = apply
        self._slots = slots
        self._size = max(1, size)
        self._linger = linger
        self._full = asyncio.Event()
        self._waiting: list[tuple[Event, asyncio.Future[bool]]] = []
        self._in_hand: list[tuple[Event, asyncio.Future[bool]]] = []
        self._draining: asyncio.Task | None = None

    async def apply(self, event: Event) -> bool:
        """Applied (True), a duplicate (False), or the handler's exception."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((event, future))
        if len(self._waiting) >= self._size:
            self._full.set()
        if self._draining is None:
            self._draining = asyncio.create_task(self._drain(), name="consumer-batches")
            self._draining.add_done_callback(self._after_drain)
        return await future

    async def _drain(self) -> None:
        try:
            while self._waiting:
                if self._linger and len(self._waiting) < self._size:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(self._linger):
                            await self._full.wait()
                self._full.clear()
                async with self._slots:  # a turn at the background pool (subscribe_handlers)
                    self._in_hand, self._waiting = self._waiting[:self._size], self._waiting[self._size:]
                    if len(self._waiting) >= self._size:
                        self._full.set()
                    await self._settle(self._in_hand)
                    self._in_hand = []
        finally:
            self._draining = None

    def _after_drain(self, task: asyncio.Task) -> None:
        """A drain cancelled (shutting down), even before it started: nobody waits forever."""
        if task.cancelled():
            if self._draining is task:
                self._draining = None
            for _, future in self._in_hand + self._waiting:
                future.cancel()
            self._in_hand, self._waiting = [], []

    async def _settle(self, batch: list[tuple[Event, asyncio.Future[bool]]]) -> None:
        try:
            outcomes: list = list(await self._apply([event for event, _ in batch]))
        except Exception as failed:  # noqa: BLE001  (whatever a handler raised: settled one by one below)
            if len(batch) == 1:
                outcomes = [failed]
            else:
                outcomes = []
                for event, _ in batch:
                    try:
                        outcomes += await self._apply([event])
                    except Exception as alone:  # noqa: BLE001
                        outcomes.append(alone)
        for (_, future), outcome in zip(batch, outcomes):
            if future.done():  # its consumer was cancelled meanwhile (shutdown)
                continue
            if isinstance(outcome, BaseException):
                future.set_exception(outcome)
            else:
                future.set_result(outcome)


def _consumer(
    bus: Bus,
    event_type: str,
    queue_name: str,
    session_factory: async_sessionmaker[AsyncSession],
    handlers: Sequence[BoundHandler],
    model: type[Event],
    on_events_written: Callable[[], None],
    slots: asyncio.Semaphore,
    batch_size: int,
) -> Callable[..., Awaitable[None]]:
    batches = Batches(
        lambda events: process_events(session_factory, handlers, events, on_events_written), slots, batch_size,
        linger_of(handlers))

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
                applied = await batches.apply(event)
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
    of its own; a queue's waiting events are applied a batch at a time (`Batches`, at most a
    prefetch's worth), and at most `concurrency` batches at once (the background pool's steady
    connections: one more stays for the relay); the rest wait their turn here instead of timing
    out on the pool and going round the retry queue (seen under the payments benchmark). Each
    handler is bound to the collaborators it names from `provided` first (`inject`); answers the
    bound handlers by event type."""
    bound = {event_type: tuple(inject(h, provided or {}) for h in handlers_of(entry)) for event_type, entry in handlers.items()}
    watch_event_types(handlers)
    slots = asyncio.Semaphore(concurrency)
    for event_type, entry in bound.items():
        queue_name = bus.queue_name(bus.service, event_type)
        consume = _consumer(bus, event_type, queue_name, session_factory, entry, event_class(event_type),
                            on_events_written, slots, bus.settings.consumer_prefetch)
        bus.subscribe(event_type, consume)
    return bound
