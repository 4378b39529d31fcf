"""`make replay` / `make replay-dead-letters` (kit.replay): events sent again reach their consumers,
and a consumer that already applied one applies it once."""
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from contracts.identity import RestaurantCreated
from kit.consumer import ProcessedEvent
from kit.outbox import OutboxMessage
from kit.bus import PUBLISHED_BY
from kit.replay import replay_dead_letters, replay_outbox
from tests.conftest import HandledEvent, eventually, handled, record_event
from tests.test_bus import publish, published, stage


async def _handled_count(app) -> int:
    async with app.state.session_factory() as session:
        return await session.scalar(select(func.count()).select_from(HandledEvent))


async def test_the_outbox_since_a_time_is_published_again_and_applied_once(start_service):
    event = RestaurantCreated(restaurant_id=21, owner_id=1, nombre_local="Otra Vez")
    calls = []

    async def counting(session, received) -> None:
        calls.append(received.event_id)
        await record_event(session, received)

    async with start_service({event.type: counting}, service_name="kit") as app:
        await stage(app, event)
        await eventually(lambda: handled(app, event))
        first_publish = await _published_at(app, event)
        marked = await replay_outbox(app.state.session_factory, app.state.relay, datetime.now(UTC) - timedelta(minutes=1))
        assert marked == 1
        assert await _published_at(app, event) > first_publish  # confirmed into the consumer's queue again
        # One consumer takes its queue in order: once a later event is handled, the replayed one was too.
        later = RestaurantCreated(restaurant_id=24, owner_id=1, nombre_local="Después")
        await stage(app, later)
        await eventually(lambda: handled(app, later))
        assert calls == [event.event_id, later.event_id]  # the replayed event was delivered, not applied again
        assert await app.state.bus.dead_letter_count() == 0


async def _published_at(app, event) -> datetime:
    async with app.state.session_factory() as session:
        return (await session.get(OutboxMessage, event.event_id)).published_at


async def test_an_outbox_replay_can_be_limited_to_one_type_and_a_time(start_service):
    event = RestaurantCreated(restaurant_id=22, owner_id=1, nombre_local="Antes")
    async with start_service(service_name="kit") as app:
        await stage(app, event)
        await eventually(lambda: published(app, event))
        assert await replay_outbox(app.state.session_factory, app.state.relay, datetime.now(UTC) + timedelta(minutes=1)) == 0
        assert await replay_outbox(app.state.session_factory, app.state.relay, datetime.now(UTC) - timedelta(minutes=1), "other.type") == 0
        async with app.state.session_factory() as session:
            assert await session.scalar(select(func.count()).select_from(ProcessedEvent)) == 0  # nobody here consumes it


class BuggyUntilFixed:
    """A handler with a bug: it fails until the fix is deployed (`fixed = True`), then records."""

    def __init__(self) -> None:
        self.fixed = False

    async def __call__(self, session, received) -> None:
        if not self.fixed:
            raise RuntimeError("handler bug")
        await record_event(session, received)


async def test_dead_letters_go_back_to_their_queue_and_are_handled_once_the_bug_is_fixed(start_service):
    event = RestaurantCreated(restaurant_id=23, owner_id=1, nombre_local="Resucitado")
    handler = BuggyUntilFixed()
    settings = {"service_name": "kit-replaying", "consumer_retry_delays": (0.05,)}
    async with start_service({event.type: handler}, **settings) as app:
        await publish(app, event)
        await eventually(lambda: _dead_letters(app, 1))
        handler.fixed = True  # the fix is deployed
        assert await replay_dead_letters(app.state.bus) == 1
        await eventually(lambda: handled(app, event))
        assert await app.state.bus.dead_letter_count() == 0


async def _dead_letters(app, count: int) -> bool:
    return await app.state.bus.dead_letter_count() == count


async def test_a_replayed_dead_letter_still_names_its_real_publisher(start_service):
    """Where consumers check who published (`event_publisher_user`), a letter sent back by
    `make replay-dead-letters` keeps its producer and is handled, not refused again."""
    event = RestaurantCreated(restaurant_id=25, owner_id=1, nombre_local="Firmado")
    handler = BuggyUntilFixed()
    settings = {"service_name": "kit-replaying", "consumer_retry_delays": (0.05,), "event_publisher_user": "{producer}"}
    async with start_service({event.type: handler}, **settings) as app:
        bus = app.state.bus
        # As if identity had published it and this service had retried it once: its own login,
        # the real publisher in `published-by` (see Bus.publisher_of).
        await app.state.broker.publish(
            event.model_dump(mode="json"), exchange=bus.events, routing_key=event.type, persist=True,
            user_id=bus.broker_user, headers={PUBLISHED_BY: "identity"},
        )
        await eventually(lambda: _dead_letters(app, 1))
        handler.fixed = True
        assert await replay_dead_letters(bus) == 1
        await eventually(lambda: handled(app, event))
        assert await bus.dead_letter_count() == 0
