"""The rules for taking an order from a diner, shared by a table's QR (`diner`) and the menu link
(`delivery`): an Idempotency-Key per tap when the phone sends one, a restaurant that takes orders
now, and per-minute limits."""
import time
from datetime import datetime, time as clock

from redis.asyncio import Redis

from kit.errors import Throttled
from ordering.order.errors import IdempotencyKeyInvalid, OrdersStopped, RestaurantClosed
from ordering.projections.models import RestaurantSettings


def check_key(key: str | None) -> None:
    """No Idempotency-Key is the spec's own call (its client sends none): accepted, with nothing to
    replay. A key that is sent has 8 to 100 characters (longer ones are refused here, not by the
    column), so a client that means to retry safely learns at once that its key would not work."""
    if key is not None and not 8 <= len(key) <= 100:
        raise IdempotencyKeyInvalid()


def is_open(settings: RestaurantSettings, now: clock) -> bool:
    """Within the stored opening hours (either missing: always open); a schedule may cross midnight."""
    if not settings.horario_apertura or not settings.horario_cierre:
        return True
    opens, closes = clock.fromisoformat(settings.horario_apertura), clock.fromisoformat(settings.horario_cierre)
    if opens == closes:
        return True
    if opens < closes:
        return opens <= now < closes
    return now >= opens or now < closes


def check_taking_orders(restaurant: RestaurantSettings | None, now: datetime) -> None:
    if restaurant is None:
        return  # identity's profile not seen yet: its defaults (taking orders, no schedule)
    if restaurant.deleted or restaurant.stop_orders:
        raise OrdersStopped()
    if not is_open(restaurant, now.time()):
        raise RestaurantClosed(restaurant.horario_apertura, restaurant.horario_cierre)


async def count_order(redis: Redis, key: str | None, order_id: int, *limits: tuple[str, int, type[Throttled]]) -> None:
    """At most `per_minute` orders per `scope` in each clock minute, for every (scope, per_minute,
    error) given (a place; a restaurant; an address): the distinct orders placed, in a Redis set per
    scope and minute, each named by its idempotency key (a key retried after a lost commit counts
    once) or, sent without one, by its order id. The two are kept apart, so no key a caller makes
    up can stand for another order. An order refused by one limit leaves every set it entered, so
    it uses up none of the others."""
    now = int(time.time())
    member = f"key:{key}" if key is not None else f"order:{order_id}"
    windows = [f"ordering:diner-orders:{scope}:{now // 60}" for scope, _, _ in limits]
    async with redis.pipeline(transaction=True) as pipe:
        for window in windows:
            pipe.sadd(window, member).scard(window).expire(window, 120)
        replies = await pipe.execute()
    added, counts = replies[0::3], replies[1::3]
    for (_, per_minute, error), count in zip(limits, counts):
        if count > per_minute:
            entered = [window for window, new in zip(windows, added) if new]
            if entered:
                async with redis.pipeline(transaction=True) as pipe:
                    for window in entered:
                        pipe.srem(window, member)
                    await pipe.execute()
            raise error(retry_after=60 - now % 60)
