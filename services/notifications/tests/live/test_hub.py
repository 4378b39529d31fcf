"""The stream under the sockets: ids commit in order, and every process forwards every message
once and in order, even when Redis delivers them out of order or loses one."""
import asyncio

from sqlalchemy import text

from contracts.floor import WaiterCalled
from kit.auth import OWNER
from notifications.notification import drafts
from notifications.notification.message import Message
from notifications.notification.service import record
from tests.helpers import A, OWNER_A, deliver, frames, next_frame, staff_socket


def call(place_id: int) -> WaiterCalled:
    return WaiterCalled(restaurant_id=A, place_id=place_id, place_name=f"M{place_id}")


async def record_unannounced(app, *events: WaiterCalled) -> list[Message]:
    """Record notifications as a handler would, but commit without publishing them (as if the
    process died right after its commit)."""
    async with app.state.session_factory() as session, session.begin():
        return await record(session, [drafts.waiter_called(event, event.place_name) for event in events])


async def blocked_on_locks(session) -> int:
    # A transaction reads pg_stat_activity once and keeps that snapshot unless it is cleared.
    await session.execute(text("SELECT pg_stat_clear_snapshot()"))
    return await session.scalar(
        text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")
    )


async def test_ids_are_given_in_commit_order(app):
    """A second transaction recording a notification waits until the first one commits."""
    factory = app.state.session_factory
    async with factory() as first:
        await first.begin()
        (first_message,) = await record(first, [drafts.waiter_called(call(1), "M1")])
        second = asyncio.create_task(record_unannounced(app, call(2)))
        async with factory() as observer, asyncio.timeout(10):
            while not await blocked_on_locks(observer):
                await asyncio.sleep(0.01)
        assert not second.done()
        await first.commit()
    (second_message,) = await second
    assert (first_message.id, second_message.id) == (1, 2)


async def test_messages_published_out_of_order_are_forwarded_in_order(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    first, second = await record_unannounced(app, call(1)), await record_unannounced(app, call(2))
    await app.state.hub.publish(second)  # the later one arrives first: the earlier is read from the database
    await app.state.hub.publish(first)  # ... and is not sent again
    await deliver(app, call(3))
    assert [frame["id"] for frame in await frames(ws, 3)] == [1, 2, 3]


async def test_a_message_whose_publish_was_lost_still_reaches_the_tablets(app, people, ws_url):
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    await record_unannounced(app, call(1))
    frame = await next_frame(ws)  # found by the poll of the database
    assert (frame["id"], frame["description"]) == (1, "M1")

