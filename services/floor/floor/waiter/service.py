"""The waiter call: a diner's phone calls the waiter (or asks for the bill); staff send the waiter.

Anonymous, so it is limited per place: one call per `CALL_INTERVAL_SECONDS`, counted in Redis
before anything is written.
"""
from datetime import UTC, datetime

from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.floor import CallKind, WaiterCallCleared, WaiterCalled
from floor.place import service as places
from floor.place.models import Place
from floor.waiter.errors import CalledTooSoon
from kit.outbox import add_event
from kit.tokens import Principal

CALL_INTERVAL_SECONDS = 30


async def call(session: AsyncSession, redis: Redis, token: str, kind: CallKind) -> Place:
    place = await places.by_token(session, token, lock=True)
    key = f"floor:waiter-call:{place.id}"
    if not await redis.set(key, kind, nx=True, ex=CALL_INTERVAL_SECONDS):
        raise CalledTooSoon(max(1, await redis.ttl(key)))
    place.call_waiter, place.call_kind, place.called_at = True, kind, datetime.now(UTC)
    add_event(session, WaiterCalled(place_id=place.id, restaurant_id=place.restaurant_id, place_name=place.name, kind=kind))
    return place


async def waiter_sent(session: AsyncSession, principal: Principal, place_id: int) -> Place:
    """Staff answered the call: the bell goes out on every tablet. Nothing pending, nothing announced."""
    (place,) = await places.visible(session, principal, [place_id])
    if place.call_waiter:
        place.call_waiter, place.call_kind, place.called_at = False, None, None
        add_event(session, WaiterCallCleared(place_id=place.id, restaurant_id=place.restaurant_id, place_name=place.name))
    return place
