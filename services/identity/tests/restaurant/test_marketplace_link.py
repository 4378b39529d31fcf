"""A restaurant's `mp_active` is billing's: it follows billing's linked/unlinked announcements (the
newest wins, whatever order they arrive in) and nobody sets it through identity."""
from datetime import UTC, datetime, timedelta

import pytest

from sqlalchemy import select

from contracts.billing import MarketplaceLinked, MarketplaceUnlinked
from kit.outbox import OutboxMessage
from kit.testing.membership_tests import publish, wait_processed
from tests.helpers import register_owner


async def mp_active(client, owner) -> bool:
    answer = await client.get(f"/api/restaurant-atributes/{owner['id']}/", headers=owner["headers"])
    assert answer.status_code == 200, answer.text
    return answer.json()["mp_active"]


async def announce(app, *events) -> None:
    for event in events:
        await publish(app, event)
    await wait_processed(app, *events)


@pytest.mark.broker  # billing's announcements arrive as it publishes them
async def test_mp_active_follows_billings_link_and_unlink(client, app):
    owner = await register_owner(client)
    assert await mp_active(client, owner) is False
    now = datetime.now(UTC)
    await announce(app, MarketplaceLinked(restaurant_id=owner["id"], occurred_at=now))
    assert await mp_active(client, owner) is True
    await announce(app, MarketplaceUnlinked(restaurant_id=owner["id"], occurred_at=now + timedelta(seconds=1)))
    assert await mp_active(client, owner) is False


@pytest.mark.broker  # billing's announcements arrive as it publishes them
async def test_an_older_announcement_arriving_late_changes_nothing(client, app):
    owner = await register_owner(client)
    now = datetime.now(UTC)
    unlinked = MarketplaceUnlinked(restaurant_id=owner["id"], occurred_at=now)
    linked_before = MarketplaceLinked(restaurant_id=owner["id"], occurred_at=now - timedelta(minutes=5))
    await announce(app, MarketplaceLinked(restaurant_id=owner["id"], occurred_at=now - timedelta(minutes=10)))
    await announce(app, unlinked)
    await announce(app, linked_before)  # older than the unlink: the restaurant stays unlinked
    assert await mp_active(client, owner) is False


@pytest.mark.broker  # billing's announcements arrive as it publishes them
async def test_a_change_of_mp_active_is_announced_with_the_profile(client, app):
    owner = await register_owner(client)
    await announce(app, MarketplaceLinked(restaurant_id=owner["id"]))
    async with app.state.session_factory() as session:
        rows = (await session.scalars(
            select(OutboxMessage).where(OutboxMessage.event_type == "identity.restaurant.updated"))).all()
    assert [(row.payload["restaurant_id"], row.payload["mp_active"]) for row in rows] == [(owner["id"], True)]


async def test_an_owner_cannot_set_mp_active(client):
    owner = await register_owner(client)
    changed = await client.put(f"/api/restaurant-atributes/{owner['id']}/", data={"mp_active": "true", "wait_time": "5"},
                               headers=owner["headers"])
    assert changed.status_code == 200, changed.text
    assert changed.json()["wait_time"] == 5 and changed.json()["mp_active"] is False
    assert await mp_active(client, owner) is False
