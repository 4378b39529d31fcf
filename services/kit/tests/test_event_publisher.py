"""Who published an event: a consumer takes it only from the broker user its producer publishes as
(RabbitMQ vouches for `user_id`), keeps that publisher across its own retries, and dead-letters
anything else at once. Every connection here is the suites' own login, so the tests name the
producer's user."""
import json
from types import SimpleNamespace

import aio_pika

from contracts.identity import OperatorAdded
from kit.bus import PUBLISHED_BY, Bus, broker_user
from kit.settings import ServiceSettings
from kit.testing import RABBITMQ_URL
from tests.conftest import HandledEvent, eventually, handled

OUR_LOGIN = broker_user(RABBITMQ_URL)  # every connection of the suite's: `tests`


async def remember(session, event) -> None:
    session.add(HandledEvent(event_id=str(event.event_id)))


async def dead_letters(app, count: int) -> bool:
    return await app.state.bus.dead_letter_count() == count


async def publish(app, event, **properties) -> None:
    """As a relay would, with whatever `user_id` and headers the test gives (the broker still
    refuses a `user_id` other than the connection's own: OUR_LOGIN)."""
    await app.state.broker.publish(
        event.model_dump(mode="json"), exchange=app.state.bus.events, routing_key=event.type, persist=True,
        message_id=str(event.event_id), **properties,
    )


async def the_dead_letter(app) -> aio_pika.abc.AbstractIncomingMessage:
    connection = await aio_pika.connect(app.state.settings.rabbitmq_url)
    async with connection:
        channel = await connection.channel()
        queue = await channel.declare_queue(app.state.bus.dead_letter_queue.name, passive=True)
        letter = await queue.get()
        await letter.nack(requeue=True)
        return letter


async def test_an_event_published_by_its_producers_broker_user_is_handled(start_service):
    event = OperatorAdded(restaurant_id=10, user_id=5)
    async with start_service({event.type: remember}, service_name="kit-vouched", event_publisher_user=OUR_LOGIN) as app:
        await publish(app, event, user_id=OUR_LOGIN)
        await eventually(lambda: handled(app, event))
        assert await app.state.bus.dead_letter_count() == 0


async def test_an_event_published_by_another_broker_user_is_dead_lettered_at_once(start_service, capsys):
    """ordering's login sending identity's `identity.operator.added`: the consumer expects identity's user."""
    event = OperatorAdded(restaurant_id=10, user_id=666)
    attempts = []

    async def spy(session, event) -> None:
        attempts.append(event.event_id)

    settings = {"service_name": "kit-forged", "event_publisher_user": "{producer}", "consumer_retry_delays": (0.05,)}
    async with start_service({event.type: spy}, **settings) as app:
        await publish(app, event, user_id=OUR_LOGIN)
        await eventually(lambda: dead_letters(app, 1))
        letter = await the_dead_letter(app)
    assert attempts == [], "the handler never saw it, not even once"
    assert OperatorAdded.model_validate_json(letter.body).event_id == event.event_id
    assert letter.user_id == OUR_LOGIN
    logged = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    refused = [line for line in logged if line["event"] == "event_publisher_refused"]
    assert refused and refused[0]["published_by"] == OUR_LOGIN and refused[0]["expected"] == "identity"


async def test_an_event_without_a_publisher_is_dead_lettered(start_service):
    event = OperatorAdded(restaurant_id=10, user_id=7)
    async with start_service({event.type: remember}, service_name="kit-anonymous", event_publisher_user=OUR_LOGIN) as app:
        await publish(app, event)  # no user_id: RabbitMQ vouches for nobody
        await eventually(lambda: dead_letters(app, 1))
        assert not await handled(app, event)


async def test_a_retried_event_keeps_the_publisher_it_first_came_from(start_service):
    """The retry goes out with the consumer's own user and `published-by`: the second attempt
    still sees identity as the publisher, and the handler runs."""
    attempts = []

    async def flaky(session, event) -> None:
        attempts.append(event.event_id)
        if len(attempts) == 1:
            raise RuntimeError("a neighbour's database is restarting")
        await remember(session, event)

    event = OperatorAdded(restaurant_id=10, user_id=8)
    settings = {"service_name": "kit-resending", "event_publisher_user": "{producer}", "consumer_retry_delays": (0.2,)}
    async with start_service({event.type: flaky}, **settings) as app:
        # What this service would have received from identity and sent again itself: its own
        # user_id (OUR_LOGIN), identity recorded as the publisher.
        await publish(app, event, user_id=OUR_LOGIN, headers={PUBLISHED_BY: "identity"})
        await eventually(lambda: handled(app, event))
        assert len(attempts) == 2
        assert await app.state.bus.dead_letter_count() == 0


def test_only_the_services_own_user_may_say_who_published_an_event():
    """`published-by` is believed only on a message this service's login published itself: no
    other user can publish with that `user_id`, whatever header it adds."""
    bus = Bus(ServiceSettings(service_name="floor", rabbitmq_url="amqp://floor:secret@rabbitmq:5672/"))
    assert bus.broker_user == "floor"
    resent = SimpleNamespace(user_id="floor", headers={PUBLISHED_BY: b"identity"})
    assert bus.publisher_of(resent) == "identity"
    planted = SimpleNamespace(user_id="ordering", headers={PUBLISHED_BY: "identity"})
    assert bus.publisher_of(planted) == "ordering"
    assert bus.resent_headers(planted)[PUBLISHED_BY] == "ordering", "a planted header is replaced"
    assert bus.publisher_of(SimpleNamespace(user_id=None, headers={PUBLISHED_BY: "identity"})) is None


async def test_the_relay_stamps_the_services_broker_user(start_service):
    """Every event a service publishes carries its login as `user_id`."""
    from tests.test_bus import published, stage

    event = OperatorAdded(restaurant_id=11, user_id=9)
    async with start_service(service_name="identity") as identity:
        connection = await aio_pika.connect(identity.state.settings.rabbitmq_url)
        async with connection:
            channel = await connection.channel()
            tap = await channel.declare_queue(exclusive=True)
            await tap.bind(identity.state.bus.events.name, routing_key=event.type)
            await stage(identity, event)
            await eventually(lambda: published(identity, event))
            message = await tap.get(timeout=5)
            assert message.user_id == OUR_LOGIN
