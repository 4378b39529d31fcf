"""The stream under the sockets: a restaurant's ids commit in order while other restaurants record
beside it, and every process forwards every message once and in order, even when Redis delivers
them out of order or loses one."""
import asyncio

from sqlalchemy import text

from contracts.floor import WaiterCalled
from kit.auth import OWNER
from notifications.notification import drafts
from notifications.notification.message import Message
from notifications.notification.service import record
from kit.membership import RestaurantMember
from tests.helpers import A, B, OWNER_A, STAFF, caught_up, deliver, frames, next_frame, open_socket, staff_socket


def call(place_id: int, restaurant: int = A) -> WaiterCalled:
    return WaiterCalled(restaurant_id=restaurant, place_id=place_id, place_name=f"M{place_id}")


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
    """A second transaction recording a notification of the same restaurant waits until the first one commits."""
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



async def test_restaurants_record_side_by_side(app):
    """While a restaurant's recording transaction is open, another restaurant's commits (ids are
    not serialized platform-wide), and the first restaurant's next one still waits for it."""
    factory = app.state.session_factory
    async with factory() as first:
        await first.begin()
        (a1,) = await record(first, [drafts.waiter_called(call(1), "M1")])
        async with asyncio.timeout(5):
            (b1,) = await record_unannounced(app, call(3, restaurant=B))  # not held up by A's open transaction
        a2 = asyncio.create_task(record_unannounced(app, call(2)))
        async with factory() as observer, asyncio.timeout(10):
            while not await blocked_on_locks(observer):
                await asyncio.sleep(0.01)
        assert not a2.done()
        await first.commit()
    (a2,) = await a2
    assert (a1.id, b1.id, a2.id) == (1, 2, 3)
    assert [(m.restaurant_id, m.seq) for m in (a1, b1, a2)] == [(A, 1), (B, 1), (A, 2)]  # each restaurant counts its own


async def test_a_tablet_of_two_restaurants_resumes_each_from_its_own_last_id(app, people, ws_url):
    """Ids are in commit order within a restaurant only: an id of A can commit after a later id of B
    reached the tablet. Resuming each restaurant from its own last-seen id misses nothing."""
    async with app.state.session_factory() as session, session.begin():
        session.add(RestaurantMember(restaurant_id=B, user_id=OWNER_A, role=OWNER))
    token = people.token(OWNER_A, OWNER)
    ws, ready = await staff_socket(ws_url, token)
    assert (ready["restaurants"], ready["last_ids"]) == ([A, B], {str(A): 0, str(B): 0})
    async with app.state.session_factory() as slow:
        await slow.begin()
        (late,) = await record(slow, [drafts.waiter_called(call(1), "M1")])  # A's id 1, not committed yet
        await deliver(app, call(3, restaurant=B))
        seen = await next_frame(ws)
        assert (seen["fk_resto"], seen["id"]) == (B, 2)
        await ws.close()
        await slow.commit()  # A's 1 commits after B's 2 was seen
    await app.state.hub.publish([late])
    again = await open_socket(ws_url, STAFF, {"type": "auth", "token": token, "last_ids": {str(A): 0, str(B): 2}})
    missed, ready = await caught_up(again)
    assert [(m["fk_resto"], m["id"]) for m in missed] == [(A, 1)]
    assert (ready["last_ids"], ready["resync"]) == ({str(A): 1, str(B): 2}, False)


async def test_a_restaurants_messages_published_out_of_order_are_forwarded_in_order_beside_anothers(app, people, ws_url):
    async with app.state.session_factory() as session, session.begin():
        session.add(RestaurantMember(restaurant_id=B, user_id=OWNER_A, role=OWNER))
    ws, _ = await staff_socket(ws_url, people.token(OWNER_A, OWNER))
    a1, b1, a2 = (await record_unannounced(app, call(1)), await record_unannounced(app, call(3, restaurant=B)),
                  await record_unannounced(app, call(2)))
    await app.state.hub.publish(a2)  # A's second arrives first: A's first is read from the database
    await app.state.hub.publish(b1)
    await app.state.hub.publish(a1)  # ... and is not sent again
    assert [(frame["fk_resto"], frame["id"]) for frame in await frames(ws, 3)] == [(A, 1), (A, 3), (B, 2)]
