"""The event bus on RabbitMQ: its exchanges and queues, the whole topology, and the connection.

Every name starts with the settings' broker namespace (tests use one of their own).

- `platform.events` (topic): every event, routed by its type to one durable quorum queue per
  (consumer, event type), `<consumer>.<event type>`. Besides its own queues, every service declares
  the queues of the consumers of the events it produces (`contracts.topology`) before it publishes,
  and publishes as mandatory: an event is never confirmed into nowhere.
- `platform.events.retry` (headers): an event whose handler failed waits in `<service>.retry.<n>`,
  whose messages expire after the n-th delay into the default exchange; that routes by routing
  key, the name of the queue the event came from, so it goes back to that queue only.
- `platform.events.dead-letter` (topic): events a consumer gave up on, kept in
  `<service>.dead-letter` until `python -m kit.replay --dead-letters` sends them back.

Every publish carries the service's broker user as `user_id`, which RabbitMQ refuses unless it is
the connection's login: consumers (`kit.consumer`) trust an event's producer only from it. An
event a service sends again itself (a retry, a replay) carries that service's user, and the
user that first published it in the `published-by` header.

The broker may be away when a service starts, or later: the service starts and serves without it
(events wait in the outbox), connects in the background, and leaves the broker out of readiness.
"""
import asyncio
from collections.abc import Awaitable, Callable
from urllib.parse import unquote, urlsplit

import structlog
from aio_pika.abc import AbstractChannel, AbstractIncomingMessage
from aio_pika.exceptions import PublishError
from faststream import AckPolicy
from faststream.rabbit import Channel, ExchangeType, QueueType, RabbitBroker, RabbitExchange, RabbitQueue

from contracts.topology import consumers_of, queues_to_declare, retired_queues
from kit.metrics import watch_published
from kit.settings import ServiceSettings

log = structlog.get_logger()

RETRY_TO = "retry-to"  # header: the delay queue a retried event waits in
RETRIES = "retries"  # header: how often the event has been retried so far
PUBLISHED_BY = "published-by"  # header: who first published an event this service sends again


def broker_user(url: str) -> str:
    """The user a connection to `url` logs in as (AMQP's default, guest, when the URL names none)."""
    return unquote(urlsplit(url).username or "guest")


class Bus:
    def __init__(self, settings: ServiceSettings):
        self.settings = settings
        self.service = settings.service_name
        self.broker_user = broker_user(settings.rabbitmq_url)
        name = settings.broker_namespace + settings.events_exchange
        self.events = RabbitExchange(name, type=ExchangeType.TOPIC, durable=True)
        self.dead_letters = RabbitExchange(f"{name}.dead-letter", type=ExchangeType.TOPIC, durable=True)
        self.retries = RabbitExchange(f"{name}.retry", type=ExchangeType.HEADERS, durable=True)
        # A returned (unroutable) mandatory publish raises instead of passing for a confirmation.
        # Handlers take the decoded body only (`apply_types=False`): FastStream's injection solved
        # the message's context in a worker thread for every event, a third of a consumer's time.
        self.broker = RabbitBroker(
            settings.rabbitmq_url,
            logger=None,
            timeout=settings.broker_connect_timeout_seconds,
            default_channel=Channel(on_return_raises=True, prefetch_count=settings.consumer_prefetch),
            apply_types=False,
        )
        self.connected = asyncio.Event()
        self._reconnecting: asyncio.Task | None = None
        self.owned_queues = [self.dead_letter_queue, *self.retry_queues]
        self.produced_queues = [self.event_queue(consumer, t) for consumer, t in queues_to_declare(self.service)]
        watch_published({t for _, t in queues_to_declare(self.service)})
        self.consumed_queues: list[RabbitQueue] = []

    # ------------------------------------------------------------------------------ names
    def queue_name(self, service: str, suffix: str) -> str:
        return f"{self.settings.broker_namespace}{service}.{suffix}"

    def event_queue(self, consumer: str, event_type: str) -> RabbitQueue:
        """The same declaration wherever it is made: RabbitMQ refuses a queue redeclared otherwise."""
        name = self.queue_name(consumer, event_type)
        return RabbitQueue(
            name,
            queue_type=QueueType.QUORUM,
            durable=True,
            routing_key=event_type,
            arguments={
                "x-delivery-limit": self.settings.consumer_delivery_limit,
                "x-dead-letter-exchange": self.dead_letters.name,
                "x-dead-letter-routing-key": name,
            },
        )

    @property
    def dead_letter_queue(self) -> RabbitQueue:
        return RabbitQueue(
            self.queue_name(self.service, "dead-letter"),
            queue_type=QueueType.QUORUM,
            durable=True,
            routing_key=self.queue_name(self.service, "#"),
        )

    @property
    def retry_queues(self) -> list[RabbitQueue]:
        return [
            RabbitQueue(
                self.queue_name(self.service, f"retry.{level}"),
                durable=True,
                arguments={"x-message-ttl": round(delay * 1000), "x-dead-letter-exchange": ""},
            )
            for level, delay in enumerate(self.settings.consumer_retry_delays)
        ]

    @property
    def queue_names(self) -> list[str]:
        """Every queue this service declares (its consumers' queues are added as they subscribe)."""
        return [queue.name for queue in (*self.owned_queues, *self.produced_queues, *self.consumed_queues)]

    def subscribe(self, event_type: str, consume: Callable[[dict], Awaitable[None]]) -> str:
        """Consume this service's queue for `event_type` with `consume(body)` (`current_message()`
        is the message being handled); an exception from `consume` rejects the message to the
        dead letters (retrying is the consumer's decision, see `retry_later`)."""
        queue = self.event_queue(self.service, event_type)
        self.consumed_queues.append(queue)
        self.broker.subscriber(queue, self.events, ack_policy=AckPolicy.REJECT_ON_ERROR, title=queue.name)(consume)
        return queue.name

    def current_message(self) -> AbstractIncomingMessage:
        """The broker's message whose body a `subscribe`d handler is handling."""
        return self.broker.context.get_local("message").raw_message

    # ------------------------------------------------------------------------------ connection
    async def start(self) -> None:
        """Connect, declare and start consuming; when the broker is away, go on and keep trying."""
        try:
            await self._connect()
        except Exception as exc:  # noqa: BLE001  (whatever the broker or network did, start anyway)
            log.warning("broker_unavailable", error=repr(exc), retry_seconds=self.settings.broker_reconnect_seconds)
            self._reconnecting = asyncio.create_task(self._keep_connecting(), name="broker-connect")

    async def _keep_connecting(self) -> None:
        while True:
            await asyncio.sleep(self.settings.broker_reconnect_seconds)
            try:
                await self._connect()
            except Exception as exc:  # noqa: BLE001
                log.warning("broker_unavailable", error=repr(exc))
                continue
            log.info("broker_connected")
            return

    async def _connect(self) -> None:
        async with asyncio.timeout(self.settings.broker_connect_timeout_seconds * 2):
            await self.broker.connect()
            await self._declare()
            await self.broker.start()
        self.connected.set()

    async def _declare(self) -> None:
        events = await self.broker.declare_exchange(self.events)
        dead_letters = await self.broker.declare_exchange(self.dead_letters)
        retries = await self.broker.declare_exchange(self.retries)
        queue = await self.broker.declare_queue(self.dead_letter_queue)
        await queue.bind(dead_letters, routing_key=self.dead_letter_queue.routing_key)
        channel = queue.channel
        for retry_queue in self.retry_queues:
            queue = await self.broker.declare_queue(retry_queue)
            await queue.bind(retries, arguments={"x-match": "all", RETRY_TO: retry_queue.name})
        for consumer_queue in self.produced_queues:
            queue = await self.broker.declare_queue(consumer_queue)
            await queue.bind(events, routing_key=consumer_queue.routing_key)
        await self._delete_retired(channel)

    async def _delete_retired(self, channel: AbstractChannel) -> None:
        """This service's queues that it no longer reads go, with what waits in them (events
        nobody will read), or they would fill up while their producer publishes. Deleted by name,
        never declared first (RabbitMQ answers a queue already gone with delete-ok): declaring a
        quorum queue at every start only to delete it raced its own deletion when the next start
        came at once (a test suite; two replicas starting together), and the name stayed unusable
        (`cluster_not_formed`) for the rest of a suite's run."""
        for event_type in retired_queues(self.service):
            name = self.queue_name(self.service, event_type)
            await channel.queue_delete(name)
            log.info("retired_queue_deleted", queue=name)

    async def stop(self) -> None:
        if self._reconnecting is not None:
            self._reconnecting.cancel()
            await asyncio.gather(self._reconnecting, return_exceptions=True)
        self.connected.clear()
        try:
            # A broker that stopped answering never acknowledges the close: shutdown must not wait on it.
            async with asyncio.timeout(self.settings.broker_connect_timeout_seconds):
                await self.broker.stop()
        except TimeoutError:
            log.warning("broker_close_timed_out")

    async def reachable(self) -> bool:
        return self.connected.is_set() and await self.broker.ping(timeout=1)

    async def message_count(self, queue: RabbitQueue) -> int:
        declared = await self.broker.declare_queue(queue)
        return (await declared.declare()).message_count  # declared again: the count is the broker's now

    async def dead_letter_count(self) -> int:
        return await self.message_count(self.dead_letter_queue)

    async def queue_depths(self) -> tuple[dict[str, int], int, int]:
        """Events ready in each of this service's consumer queues (by event type), waiting in its
        retry queues, and in its dead letters (`kit.metrics`)."""
        lag = {queue.routing_key: await self.message_count(queue) for queue in self.consumed_queues}
        retrying = sum([await self.message_count(queue) for queue in self.retry_queues])
        return lag, retrying, await self.dead_letter_count()

    # ------------------------------------------------------------------------------ publishers
    def publisher_of(self, message: AbstractIncomingMessage) -> str | None:
        """The broker user that published an event, as RabbitMQ vouches for it (`user_id`). On an
        event this service sent again itself, the user recorded in `published-by`: only this
        service's own login can publish with its `user_id`, so nobody else can plant that header."""
        headers = message.headers or {}
        if message.user_id == self.broker_user and headers.get(PUBLISHED_BY) is not None:
            recorded = headers[PUBLISHED_BY]
            return recorded.decode() if isinstance(recorded, bytes) else str(recorded)
        return message.user_id

    def resent_headers(self, message: AbstractIncomingMessage) -> dict:
        """The headers to send `message` again with, as this service (its `user_id`): the event's
        own (not the broker's `x-` ones) and `published-by`, the user that really published it."""
        headers = {k: v for k, v in (message.headers or {}).items() if not k.startswith("x-") and k != PUBLISHED_BY}
        publisher = self.publisher_of(message)
        if publisher is not None:
            headers[PUBLISHED_BY] = publisher
        return headers

    # ------------------------------------------------------------------------------ publishing
    async def publish(self, event_type: str, payload: dict | bytes, event_id: str, request_id: str | None) -> bool:
        """Publish with a confirm, within the publish timeout; False when no queue took the event.

        Mandatory when the topology names a consumer (its queue must exist); an event nobody
        consumes yet may go nowhere. A broker that never confirms raises TimeoutError: the
        client's own timeout does not cover the wait for the confirmation."""
        try:
            async with asyncio.timeout(self.settings.publish_timeout_seconds):
                await self.broker.publish(
                    payload,
                    exchange=self.events,
                    routing_key=event_type,
                    message_id=event_id,
                    correlation_id=request_id,
                    user_id=self.broker_user,
                    persist=True,
                    mandatory=bool(consumers_of(event_type)),
                    content_type="application/json",
                )
        except PublishError:
            return False
        return True

    async def retry_later(self, message: AbstractIncomingMessage, queue_name: str) -> bool:
        """Send a failed event to wait out its next delay; False when its retries are used up."""
        retries = int((message.headers or {}).get(RETRIES, 0))
        delays = self.settings.consumer_retry_delays
        if retries >= len(delays):
            return False
        await self.broker.publish(
            message.body,
            exchange=self.retries,
            routing_key=queue_name,  # where the default exchange sends it once the delay is over
            headers={**self.resent_headers(message), RETRY_TO: self.retry_queues[retries].name, RETRIES: retries + 1},
            message_id=message.message_id,
            correlation_id=message.correlation_id,
            user_id=self.broker_user,
            persist=True,
            timeout=self.settings.publish_timeout_seconds,
            content_type=message.content_type or "application/json",
        )
        log.warning("event_retry_scheduled", queue=queue_name, retries=retries + 1, delay_seconds=delays[retries])
        return True
