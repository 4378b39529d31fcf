"""The waiter call: a diner's phone calls the waiter (or asks for the bill); staff send the waiter.

Anonymous, so it is limited per place: one call per `CALL_INTERVAL_SECONDS`, counted in Redis
before anything is written.
"""
from datetime import UTC, datetime

from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.floor import CallKind, WaiterCallCleared, WaiterCalled
from floor.place import repository as place_repository
from floor.place import service as places
from floor.place.models import Place
from floor.waiter.errors import CalledTooSoon
from kit.outbox import add_event
from kit.tokens import Principal

CALL_INTERVAL_SECONDS = 30


async def call(session: AsyncSession, redis: Redis, token: str, kind: CallKind, *, repository=place_repository) -> Place:
    """`repository`: where the place is looked up (floor.place.repository; the unit tests give a fake)."""
    place = await places.by_token(session, token, lock=True, repository=repository)
    key = f"floor:waiter-call:{place.id}"
    if not await redis.set(key, kind, nx=True, ex=CALL_INTERVAL_SECONDS):
        raise CalledTooSoon(max(1, await redis.ttl(key)))
    place.call_waiter, place.call_kind, place.called_at = True, kind, datetime.now(UTC)
    add_event(session, WaiterCalled(place_id=place.id, restaurant_id=place.restaurant_id, place_name=place.name, kind=kind))
    return place


async def waiter_sent(session: AsyncSession, principal: Principal, place_id: int) -> Place:
    """Staff answered the call: the bell goes out on every tablet. Nothing pending, nothing announced."""
    (place,) = await places.visible(session, principal, [place_id])
    if cleared := clear_call(place):
        add_event(session, cleared)
    return place


def clear_call(place: Place) -> WaiterCallCleared | None:
    """A pending call is over: the place is reset and the event that says so answered (None when
    nothing was pending, so nothing is announced)."""
    if not place.call_waiter:
        return None
    place.call_waiter, place.call_kind, place.called_at = False, None, None
    return WaiterCallCleared(place_id=place.id, restaurant_id=place.restaurant_id, place_name=place.name)
