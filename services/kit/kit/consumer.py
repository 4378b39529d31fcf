"""Idempotent event consumers.

One durable quorum queue per (service, event type), named `<service>.<event type>` and bound to
the topic exchange. The handler's changes and the processed-event row commit together, so a
redelivered event (relay republish, consumer crash before ack) changes nothing twice. A handler
that keeps failing is retried by RabbitMQ up to the delivery limit, then dead-lettered to
`<service>.dead-letter`.
"""
import uuid
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime

import structlog
from asgi_correlation_id import correlation_id
from faststream import AckPolicy
from faststream.rabbit import ExchangeType, QueueType, RabbitBroker, RabbitExchange, RabbitQueue
from sqlalchemy import DateTime, String, func
from sqlalchemy.dialects.postgresql import UUID, insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from contracts import Event, event_class
from kit.db import Base, run_after_commit

log = structlog.get_logger()

Handler = Callable[[AsyncSession, Event], Awaitable[None]]
HandlerMap = Mapping[str, Handler]


class ProcessedEvent(Base):
    __tablename__ = "processed_event"

    event_id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True)
    event_type: Mapped[str] = mapped_column(String(120))
    processed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


async def process_event(
    session_factory: async_sessionmaker[AsyncSession], handler: Handler, event: Event
) -> bool:
    """Run `handler` once per event id; answers False for a duplicate."""
    async with session_factory() as session:
        async with session.begin():
            claimed = await session.execute(
                insert(ProcessedEvent)
                .values(event_id=event.event_id, event_type=event.type)
                .on_conflict_do_nothing()
                .returning(ProcessedEvent.event_id)
            )
            if claimed.first() is None:
                log.info("event_duplicate_skipped", event_type=event.type, event_id=str(event.event_id))
                return False
            await handler(session, event)
        await run_after_commit(session)
    return True


def _consumer(
    session_factory: async_sessionmaker[AsyncSession],
    handler: Handler,
    model: type[Event],
    after_commit: Callable[[], None],
) -> Callable[[dict], Awaitable[None]]:
    # One parameter only: FastStream reads a handler's parameters as fields of the message body.
    async def consume(body: dict) -> None:
        event = model.model_validate(body)
        token = correlation_id.set(event.request_id)
        try:
            if await process_event(session_factory, handler, event):
                after_commit()
        finally:
            correlation_id.reset(token)

    return consume


def dead_letter_exchange(exchange: RabbitExchange) -> RabbitExchange:
    return RabbitExchange(f"{exchange.name}.dead-letter", type=ExchangeType.TOPIC, durable=True)


def event_queue(
    namespace: str, service: str, event_type: str, exchange: RabbitExchange, delivery_limit: int
) -> RabbitQueue:
    name = f"{namespace}{service}.{event_type}"
    return RabbitQueue(
        name,
        queue_type=QueueType.QUORUM,
        durable=True,
        routing_key=event_type,
        arguments={
            "x-delivery-limit": delivery_limit,
            "x-dead-letter-exchange": dead_letter_exchange(exchange).name,
            "x-dead-letter-routing-key": name,
        },
    )


def dead_letter_queue(namespace: str, service: str) -> RabbitQueue:
    return RabbitQueue(
        f"{namespace}{service}.dead-letter",
        queue_type=QueueType.QUORUM,
        durable=True,
        routing_key=f"{namespace}{service}.#",
    )


def subscribe_handlers(
    broker: RabbitBroker,
    namespace: str,
    service: str,
    exchange: RabbitExchange,
    session_factory: async_sessionmaker[AsyncSession],
    handlers: HandlerMap,
    delivery_limit: int,
    after_commit: Callable[[], None] = lambda: None,
) -> list[str]:
    """Bind one queue per handled event type; the bindings follow from the handler map.

    Answers the queue names (the dead-letter queue included)."""
    names = [dead_letter_queue(namespace, service).name]
    for event_type, handler in handlers.items():
        consume = _consumer(session_factory, handler, event_class(event_type), after_commit)
        queue = event_queue(namespace, service, event_type, exchange, delivery_limit)
        names.append(queue.name)
        broker.subscriber(queue, exchange, ack_policy=AckPolicy.NACK_ON_ERROR, title=queue.name)(consume)
    return names


async def declare_topology(broker: RabbitBroker, namespace: str, service: str, exchange: RabbitExchange) -> None:
    await broker.declare_exchange(exchange)
    dlx = await broker.declare_exchange(dead_letter_exchange(exchange))
    queue = dead_letter_queue(namespace, service)
    declared = await broker.declare_queue(queue)
    await declared.bind(dlx, routing_key=queue.routing_key)
