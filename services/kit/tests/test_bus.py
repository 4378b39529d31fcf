"""The bus: the whole topology declared before anything is published, mandatory publishing,
retries after growing delays, dead letters counted, and a service that lives without the broker."""
import asyncio
import contextlib
import socket
import time
from urllib.parse import urlsplit

import aio_pika
from sqlalchemy import select

from contracts.identity import RestaurantCreated
from contracts.topology import consumers_of
from kit.outbox import OutboxMessage, add_event
from kit.testing import RABBITMQ_URL, delete_queues, purge_queues
from tests.conftest import HandledEvent, eventually, handled, record_event


async def stage(app, event) -> None:
    async with app.state.session_factory() as session, session.begin():
        add_event(session, event)
    app.state.relay.wake()


async def published(app, event) -> bool:
    async with app.state.session_factory() as session:
        row = await session.get(OutboxMessage, event.event_id)
    return row is not None and row.published_at is not None


async def publish(app, event) -> None:
    await app.state.broker.publish(
        event.model_dump(mode="json"), exchange=app.state.bus.events, routing_key=event.type, persist=True
    )


async def test_an_event_published_before_its_consumer_ever_ran_waits_for_it(start_service):
    """A first rollout: identity announces a restaurant before catalog has ever started."""
    event = RestaurantCreated(restaurant_id=7, owner_id=1, nombre_local="Temprano")
    async with start_service(service_name="identity") as identity:
        await stage(identity, event)
        await eventually(lambda: published(identity, event))
    async with start_service({RestaurantCreated.type: record_event}, service_name="catalog") as catalog:
        await eventually(lambda: handled(catalog, event))


async def test_an_event_no_queue_takes_stays_unpublished_until_its_queues_exist(start_service):
    event = RestaurantCreated(restaurant_id=8, owner_id=1, nombre_local="Perdido")
    async with start_service(service_name="identity") as identity:
        bus = identity.state.bus
        # Every queue bound to the type goes: its consumers' and those of this suite's test services.
        takers = {*consumers_of(event.type), "kit", "kit-retrying", "kit-failing", "kit-turns"}
        await delete_queues([bus.queue_name(consumer, event.type) for consumer in takers])
        await stage(identity, event)
        assert await identity.state.relay.publish_pending() == 0  # returned by the broker, kept
        assert not await published(identity, event)
    async with start_service(service_name="identity") as again:  # declares the queues again at start-up
        await eventually(lambda: published(again, event))


async def test_a_batch_goes_out_at_once_in_order_and_each_confirmed_event_is_marked(start_service):
    events = [RestaurantCreated(restaurant_id=100 + n, owner_id=1, nombre_local=f"Lote {n}") for n in range(30)]
    async with start_service(service_name="identity", outbox_poll_seconds=3600) as identity:
        # The test runs the round itself. The relay's own loop is stopped first: its first round, at
        # start-up, could otherwise still be under way and take the first events staged below.
        identity.state.relay.stop()
        await identity.state.relay_task
        bus = identity.state.bus
        connection = await aio_pika.connect(identity.state.settings.rabbitmq_url)
        try:
            channel = await connection.channel()
            watcher = await channel.declare_queue(exclusive=True)  # sees what reaches the exchange, in order
            await watcher.bind(bus.events.name, routing_key=RestaurantCreated.type)
            for event in events:  # committed one after the other, published in one relay round
                async with identity.state.session_factory() as session, session.begin():
                    add_event(session, event)
            assert await identity.state.relay.publish_pending() == len(events)
            for event in events:
                assert await published(identity, event)
            arrived = []
            async with watcher.iterator() as messages:
                async for message in messages:
                    await message.ack()
                    arrived.append(message.message_id)
                    if len(arrived) == len(events):
                        break
            assert arrived == [str(event.event_id) for event in events]
        finally:
            await connection.close()


async def test_a_failing_handler_is_retried_after_growing_delays(start_service):
    attempts: list[float] = []

    async def flaky(session, event) -> None:
        attempts.append(time.monotonic())
        if len(attempts) < 3:
            raise RuntimeError("the database of a neighbour is restarting")
        await record_event(session, event)

    event = RestaurantCreated(restaurant_id=9, owner_id=1, nombre_local="Paciente")
    delays = (0.3, 0.9)
    async with start_service({event.type: flaky}, service_name="kit-retrying", consumer_retry_delays=delays) as app:
        await publish(app, event)
        await eventually(lambda: handled(app, event))
        assert (await app.state.bus.dead_letter_count()) == 0
    gaps = [later - earlier for earlier, later in zip(attempts, attempts[1:])]
    assert len(attempts) == 3
    assert gaps[0] >= delays[0] and gaps[1] >= delays[1], gaps


async def test_an_event_that_keeps_failing_is_dead_lettered_and_counted_by_readiness(start_service):
    attempts = []

    async def always_fails(session, event) -> None:
        attempts.append(event.event_id)
        raise RuntimeError("handler bug")

    event = RestaurantCreated(restaurant_id=1, owner_id=2, nombre_local="Pampa")
    settings = {"service_name": "kit-failing", "consumer_retry_delays": (0.05, 0.1)}
    async with start_service({event.type: always_fails}, **settings) as app:
        await publish(app, event)
        await eventually(lambda: _dead_letters(app, 1))
        assert len(attempts) == 3  # the first try and one per delay
        ready = await _readyz(app)
        assert ready == {"connected": True, "dead_letters": 1}
        connection = await aio_pika.connect(app.state.settings.rabbitmq_url)
        async with connection:
            channel = await connection.channel()
            letter = await (await channel.declare_queue(app.state.bus.dead_letter_queue.name, passive=True)).get()
            assert RestaurantCreated.model_validate_json(letter.body).event_id == event.event_id
            await letter.nack(requeue=True)


async def _dead_letters(app, count: int) -> bool:
    return await app.state.bus.dead_letter_count() == count


async def _readyz(app) -> dict:
    import httpx

    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kit") as http:
        answer = await http.get("/readyz")
    assert answer.status_code == 200
    return answer.json()["broker"]


class BrokerDoor:
    """A TCP door in front of the real broker on a port of its own: closed (nothing listens, so
    connections are refused), open (bytes pass both ways) or jammed (bytes in, nothing out)."""

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.server: asyncio.Server | None = None
        self.jammed = False
        self.links: list[asyncio.StreamWriter] = []

    @property
    def url(self) -> str:
        """The suites' broker login, through the door."""
        real = urlsplit(RABBITMQ_URL)
        return real._replace(netloc=f"{real.username}:{real.password}@127.0.0.1:{self.port}").geturl()

    async def open(self) -> None:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", self.port)

    async def _link(self, client_reader, client_writer) -> None:
        broker_reader, broker_writer = await asyncio.open_connection("127.0.0.1", 5672)
        self.links += [client_writer, broker_writer]

        async def pipe(reader, writer):
            while data := await reader.read(65536):
                if not self.jammed:
                    writer.write(data)
            writer.close()

        await asyncio.gather(pipe(client_reader, broker_writer), pipe(broker_reader, client_writer), return_exceptions=True)

    async def close(self) -> None:
        for writer in self.links:
            writer.close()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()


async def test_a_service_starts_and_serves_without_the_broker_and_publishes_once_it_appears(start_service):
    door = BrokerDoor()
    settings = {
        "service_name": "kit",
        "rabbitmq_url": door.url,
        "broker_connect_timeout_seconds": 1.0,
        "broker_reconnect_seconds": 0.2,
    }
    try:
        started = time.monotonic()
        async with start_service({RestaurantCreated.type: record_event}, **settings) as app:
            assert time.monotonic() - started < 5
            import httpx

            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kit") as http:
                answer = await http.post("/things", json={"name": "mesa", "size": 4})
                assert answer.status_code == 200  # requests keep working; the event waits in the outbox
                ready = await http.get("/readyz")
            assert ready.status_code == 200
            assert ready.json()["broker"] == {"connected": False, "dead_letters": None}
            async with app.state.session_factory() as session:
                (row,) = (await session.scalars(select(OutboxMessage))).all()
            assert row.published_at is None

            await door.open()
            await eventually(lambda: _all_published(app))
            await eventually(lambda: _handled_names(app, {"mesa", str(row.event_id)}))
    finally:
        await door.close()


async def _all_published(app) -> bool:
    async with app.state.session_factory() as session:
        rows = (await session.scalars(select(OutboxMessage))).all()
    return bool(rows) and all(row.published_at is not None for row in rows)


async def _handled_names(app, names: set[str]) -> bool:
    async with app.state.session_factory() as session:
        return names <= set((await session.scalars(select(HandledEvent.event_id))).all())


async def test_a_publish_the_broker_never_confirms_gives_up_in_time_and_keeps_the_event(start_service):
    door = BrokerDoor()
    await door.open()
    settings = {"service_name": "kit", "rabbitmq_url": door.url, "publish_timeout_seconds": 0.5}
    try:
        async with start_service({RestaurantCreated.type: record_event}, **settings) as app:
            app.state.relay.stop()  # this test drives the relay itself: none of its batches may hold the row
            await app.state.relay_task
            door.jammed = True
            event = RestaurantCreated(restaurant_id=3, owner_id=1, nombre_local="Mudo")
            async with app.state.session_factory() as session, session.begin():
                add_event(session, event)
            began = time.monotonic()
            try:
                await app.state.relay.publish_pending()
            except TimeoutError:
                pass
            else:
                raise AssertionError("a publish without confirmation passed")
            assert time.monotonic() - began < 3
            assert not await published(app, event)
    finally:
        await door.close()


async def test_a_queue_its_service_no_longer_reads_is_deleted_at_start_up(start_service, monkeypatch):
    """contracts.topology.RETIRED: events still published there would pile up unread."""
    import contracts.topology as topology

    async with start_service(service_name="kit") as kit:  # the queue as it was while read
        bus = kit.state.bus
        name = bus.queue_name("kit", "identity.user.registered")
        await bus.broker.declare_queue(bus.event_queue("kit", "identity.user.registered"))
    monkeypatch.setattr(topology, "RETIRED", (("kit", "identity.user.registered"),))
    monkeypatch.setitem(topology.CONSUMES, "kit", ())
    async with start_service(service_name="kit"):
        pass
    connection = await aio_pika.connect(RABBITMQ_URL)
    try:
        channel = await connection.channel()
        try:
            await channel.declare_queue(name, passive=True)
            raise AssertionError(f"{name} still exists")
        except aio_pika.exceptions.ChannelClosed:
            pass
    finally:
        await connection.close()


async def test_a_retired_queue_is_deleted_by_name_and_never_declared_again(start_service, monkeypatch):
    """Declaring a quorum queue at every start only to delete it raced its own deletion when the
    next start came at once (RabbitMQ: `cluster_not_formed`, the name unusable for the rest of a
    suite): a retired queue that is gone stays gone, with nothing declared under its name."""
    import contracts.topology as topology
    from faststream.rabbit import RabbitBroker

    monkeypatch.setattr(topology, "RETIRED", (("kit", "identity.user.registered"),))
    monkeypatch.setitem(topology.CONSUMES, "kit", ())
    declared: list[str] = []
    declare = RabbitBroker.declare_queue

    async def noting(broker, queue):
        declared.append(queue.name)
        return await declare(broker, queue)

    monkeypatch.setattr(RabbitBroker, "declare_queue", noting)
    for _ in range(2):  # the second start finds the queue gone already
        async with start_service(service_name="kit") as kit:
            name = kit.state.bus.queue_name("kit", "identity.user.registered")
    assert declared and name not in declared


async def empty_other_takers(app, event_types: list[str]) -> None:
    """The queues of the other takers of these types that earlier tests declared got copies of what
    a test published in bulk: emptied, or the next test's consumers would apply them."""
    takers = {"kit", "kit-retrying", "kit-failing", "kit-turns"}
    for event_type in event_types:
        for service in {*consumers_of(event_type), *takers} - {app.state.settings.service_name}:
            with contextlib.suppress(aio_pika.exceptions.ChannelClosed):
                await purge_queues([app.state.bus.queue_name(service, event_type)])


async def test_a_backlog_reaches_a_consumer_in_bounded_batches(start_service):
    """`consumer_prefetch`: after an outage or a replay, a queue's thousands of events are not all
    pushed into the process at once; the broker holds the rest until some are acknowledged."""
    import json
    import subprocess

    release = asyncio.Event()

    async def slow(session, event) -> None:
        await release.wait()
        await record_event(session, event)

    events = [RestaurantCreated(restaurant_id=300 + n, owner_id=1, nombre_local=f"Cola {n}") for n in range(60)]
    # The five held handlers each keep a connection of the background pool (and the relay needs one):
    # with the default 3, three of them would wait their turn instead of being held at once.
    async with start_service({RestaurantCreated.type: slow}, service_name="catalog", consumer_prefetch=5,
                             db_background_pool_size=6) as catalog:
        for event in events:
            await publish(catalog, event)
        name = catalog.state.bus.queue_name("catalog", RestaurantCreated.type)

        def counts() -> dict:
            listed = subprocess.run(["rabbitmqctl", "-q", "list_queues", "name", "messages_unacknowledged", "messages_ready",
                                     "--formatter", "json"], capture_output=True, text=True, check=True)
            return next(q for q in json.loads(listed.stdout) if q["name"] == name)

        async def held_back() -> bool:
            queue = await asyncio.to_thread(counts)
            # At least the 60: events earlier tests of the session published may wait there too
            # (a publisher declares its consumers' queues), and they are held back the same way.
            in_queue = queue["messages_unacknowledged"] + queue["messages_ready"]
            return queue["messages_unacknowledged"] == 5 and in_queue >= len(events)

        try:
            await eventually(held_back)
        finally:
            release.set()  # a failed wait must not leave the handlers blocked: the service's stop would hang the suite
        await eventually(lambda: handled(catalog, events[-1]), seconds=30)
        await empty_other_takers(catalog, [RestaurantCreated.type])


async def test_events_wait_for_a_connection_in_turn_instead_of_timing_out_on_the_pool(start_service):
    """Events of two queues at once (each queue hands over one at a time) in a process whose
    background pool has one connection, each handler holding it 0.6 s: applied in turn, none sent
    round the retry queue by a pool timeout (0.5 s here)."""
    from contracts.identity import RestaurantUpdated
    from kit.metrics import EVENT_RETRIES

    async def slow(session, event) -> None:
        await asyncio.sleep(0.6)
        await record_event(session, event)

    def retries() -> float:
        return sum(EVENT_RETRIES.labels(kind)._value.get() for kind in (RestaurantCreated.type, RestaurantUpdated.type))

    events = [
        *(RestaurantCreated(restaurant_id=500 + n, owner_id=1, nombre_local=f"Turno {n}") for n in range(3)),
        *(RestaurantUpdated(restaurant_id=510 + n, owner_id=1, nombre_local=f"Cambio {n}") for n in range(3)),
    ]
    settings = {"service_name": "kit-turns", "db_background_pool_size": 1, "db_background_max_overflow": 0,
                "db_pool_timeout_seconds": 0.5}
    before = retries()
    async with start_service({RestaurantCreated.type: slow, RestaurantUpdated.type: slow}, **settings) as app:
        for event in events:
            await publish(app, event)
        for event in events:
            await eventually(lambda event=event: handled(app, event), seconds=30)
        await empty_other_takers(app, [RestaurantCreated.type, RestaurantUpdated.type])
    assert retries() == before
