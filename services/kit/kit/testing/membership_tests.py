"""Membership projection checks every non-identity service runs: `from kit.testing.membership_tests import *`."""
import asyncio

import pytest

from sqlalchemy import func, select

from contracts import Event
from contracts.identity import OperatorAdded, OperatorRemoved, RestaurantCreated, RestaurantDeleted
from kit.auth import ADMIN, CLIENT, OPERATOR, OWNER
from kit.consumer import ProcessedEvent
from kit.errors import NotFound
from kit.membership import RestaurantMember, ensure_restaurant_access
from kit.tokens import Principal

__all__ = [
    "test_the_owner_of_a_new_restaurant_may_use_it_and_nobody_else",
    "test_an_operator_gains_and_loses_access_with_identity_events",
    "test_a_deleted_restaurant_is_closed_to_its_owner",
    "test_an_admin_reaches_every_restaurant",
    "test_a_repeated_event_is_applied_once",
    "test_an_older_membership_event_never_undoes_a_newer_one",
]


def principal(user_id: int, group: int) -> Principal:
    return Principal(user_id=user_id, username=f"u{user_id}", groups=(group,), token_id="t", issued_at=0, expires_at=0)


async def publish(app, event: Event) -> None:
    exchange_name = app.state.settings.broker_namespace + app.state.settings.events_exchange
    await app.state.broker.publish(
        event.model_dump(mode="json"), exchange=exchange_name, routing_key=event.type, persist=True,
        user_id=app.state.bus.broker_user,  # what every relay stamps
    )


async def wait_processed(app, *events: Event) -> None:
    ids = {e.event_id for e in events}
    for _ in range(200):
        async with app.state.session_factory() as session:
            seen = set((await session.scalars(select(ProcessedEvent.event_id))).all())
        if ids <= seen:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"events not processed: {ids - seen}")


async def may_use(app, who: Principal, restaurant_id: int) -> bool:
    async with app.state.session_factory() as session:
        try:
            await ensure_restaurant_access(session, who, restaurant_id)
        except NotFound:  # another restaurant looks exactly like a missing one
            return False
    return True


@pytest.mark.broker  # the events arrive as identity publishes them
async def test_the_owner_of_a_new_restaurant_may_use_it_and_nobody_else(app):
    created = RestaurantCreated(restaurant_id=10, owner_id=1, nombre_local="A")
    other = RestaurantCreated(restaurant_id=20, owner_id=2, nombre_local="B")
    await publish(app, created)
    await publish(app, other)
    await wait_processed(app, created, other)
    assert await may_use(app, principal(1, OWNER), 10)
    assert not await may_use(app, principal(1, OWNER), 20)
    assert not await may_use(app, principal(2, OWNER), 10)
    assert not await may_use(app, principal(3, CLIENT), 10)


@pytest.mark.broker  # the events arrive as identity publishes them
async def test_an_operator_gains_and_loses_access_with_identity_events(app):
    created, added = RestaurantCreated(restaurant_id=10, owner_id=1, nombre_local="A"), OperatorAdded(restaurant_id=10, user_id=5)
    await publish(app, created)
    await publish(app, added)
    await wait_processed(app, created, added)
    assert await may_use(app, principal(5, OPERATOR), 10)
    removed = OperatorRemoved(restaurant_id=10, user_id=5)
    await publish(app, removed)
    await wait_processed(app, removed)
    assert not await may_use(app, principal(5, OPERATOR), 10)
    assert await may_use(app, principal(1, OWNER), 10)


@pytest.mark.broker  # the events arrive as identity publishes them
async def test_a_deleted_restaurant_is_closed_to_its_owner(app):
    created, deleted = RestaurantCreated(restaurant_id=10, owner_id=1, nombre_local="A"), RestaurantDeleted(restaurant_id=10, owner_id=1)
    await publish(app, created)
    await wait_processed(app, created)
    await publish(app, deleted)
    await wait_processed(app, deleted)
    assert not await may_use(app, principal(1, OWNER), 10)


async def test_an_admin_reaches_every_restaurant(app):
    assert await may_use(app, principal(9, ADMIN), 12345)


@pytest.mark.broker  # the events arrive as identity publishes them
async def test_a_repeated_event_is_applied_once(app):
    created = RestaurantCreated(restaurant_id=10, owner_id=1, nombre_local="A")
    removed_later = OperatorRemoved(restaurant_id=10, user_id=1)
    await publish(app, created)
    await wait_processed(app, created)
    await publish(app, removed_later)
    await wait_processed(app, removed_later)
    await publish(app, created)  # a redelivery of the first event must not re-add the owner
    marker = RestaurantCreated(restaurant_id=99, owner_id=9, nombre_local="Z")
    await publish(app, marker)
    await wait_processed(app, marker)
    async with app.state.session_factory() as session:
        count = await session.scalar(
            select(func.count()).select_from(RestaurantMember).where(RestaurantMember.restaurant_id == 10, RestaurantMember.active)
        )
    assert count == 0


@pytest.mark.broker  # the events arrive as identity publishes them
async def test_an_older_membership_event_never_undoes_a_newer_one(app):
    """Out of order: the removal applied first, the older addition arriving late changes nothing;
    likewise an operator added (late) to a restaurant deleted after that addition."""
    created = RestaurantCreated(restaurant_id=10, owner_id=1, nombre_local="A")
    added = OperatorAdded(restaurant_id=10, user_id=5)
    removed = OperatorRemoved(restaurant_id=10, user_id=5)
    late_operator = OperatorAdded(restaurant_id=10, user_id=6)
    deleted = RestaurantDeleted(restaurant_id=10, owner_id=1)
    for event in (created, removed, added, deleted, late_operator):
        await publish(app, event)
        await wait_processed(app, event)
    assert not await may_use(app, principal(5, OPERATOR), 10)
    assert not await may_use(app, principal(6, OPERATOR), 10)
    assert not await may_use(app, principal(1, OWNER), 10)

    readded = OperatorAdded(restaurant_id=20, user_id=7)
    again = RestaurantCreated(restaurant_id=20, owner_id=2, nombre_local="B")
    gone = OperatorRemoved(restaurant_id=20, user_id=7)
    for event in (again, readded, gone):
        await publish(app, event)
        await wait_processed(app, event)
    newer = OperatorAdded(restaurant_id=20, user_id=7)  # a genuinely new addition still counts
    await publish(app, newer)
    await wait_processed(app, newer)
    assert await may_use(app, principal(7, OPERATOR), 20)
