"""Send events again: a service's outbox rows since a time, or its dead letters.

    python -m kit.replay --since 2026-11-22T10:00 [--type identity.restaurant.created]
    python -m kit.replay --dead-letters

Run with the service's environment (SERVICE_NAME, DATABASE_URL, RABBITMQ_URL), as
`make replay SERVICE=identity SINCE=...` and `make replay-dead-letters SERVICE=catalog` do.
Consumers apply each event id once, so sending again what was already applied changes nothing.
"""
import argparse
import asyncio
import sys
from datetime import UTC, datetime

import aio_pika
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kit.bus import RETRIES, RETRY_TO, Bus
from kit.db import make_engine, make_session_factory
from kit.outbox import OutboxMessage, OutboxRelay
from kit.settings import ServiceSettings


async def replay_outbox(
    session_factory: async_sessionmaker[AsyncSession], relay: OutboxRelay, since: datetime, event_type: str | None = None
) -> int:
    """Mark the service's events since `since` unpublished and publish them; answers how many."""
    async with session_factory() as session, session.begin():
        statement = update(OutboxMessage).where(OutboxMessage.created_at >= since).values(published_at=None)
        if event_type:
            statement = statement.where(OutboxMessage.event_type == event_type)
        marked = (await session.execute(statement)).rowcount
    while await relay.publish_pending():  # the service's own relay may take some of them: fine
        pass
    return marked


async def replay_dead_letters(bus: Bus) -> int:
    """Send every dead letter of the service back to the queue it was given up in, with its
    retries reset; answers how many were sent. Letters that arrive meanwhile wait for the next run."""
    connection = await aio_pika.connect(bus.settings.rabbitmq_url)
    async with connection:
        channel = await connection.channel(publisher_confirms=True, on_return_raises=True)
        queue = await channel.declare_queue(bus.dead_letter_queue.name, passive=True)
        sent = 0
        for _ in range(queue.declaration_result.message_count):
            letter = await queue.get(no_ack=False, fail=False)
            if letter is None:
                break
            # Sent again as this service (its `user_id`), naming who really published the event.
            headers = {k: v for k, v in bus.resent_headers(letter).items() if k not in (RETRIES, RETRY_TO)}
            again = aio_pika.Message(
                letter.body,
                headers=headers,
                user_id=bus.broker_user,
                message_id=letter.message_id,
                correlation_id=letter.correlation_id,
                content_type=letter.content_type,
                delivery_mode=aio_pika.DeliveryMode.PERSISTENT,
            )
            # Dead letters keep the name of the queue they left as routing key (x-dead-letter-routing-key).
            await channel.default_exchange.publish(again, routing_key=letter.routing_key)
            await letter.ack()
            sent += 1
    return sent


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit.replay", description=__doc__.split("\n")[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--since", type=datetime.fromisoformat, help="ISO time (UTC unless it says otherwise)")
    what.add_argument("--dead-letters", action="store_true")
    parser.add_argument("--type", help="only events of this type (with --since)")
    args = parser.parse_args(argv)

    settings = ServiceSettings()
    bus = Bus(settings)
    if args.dead_letters:
        sent = await replay_dead_letters(bus)
        print(f"{settings.service_name}: {sent} dead letters sent back to their queues")
        return 0
    since = args.since if args.since.tzinfo else args.since.replace(tzinfo=UTC)
    engine = make_engine(settings.database_url)
    try:
        await bus.start()
        if not bus.connected.is_set():
            print(f"{settings.service_name}: the broker at {settings.rabbitmq_url} is not reachable", file=sys.stderr)
            return 1
        session_factory = make_session_factory(engine)
        relay = OutboxRelay(session_factory, bus, settings.outbox_poll_seconds)
        marked = await replay_outbox(session_factory, relay, since, args.type)
        print(f"{settings.service_name}: {marked} events since {since.isoformat()} published again")
    finally:
        await bus.stop()
        await engine.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(sys.argv[1:])))
