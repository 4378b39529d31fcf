"""Diners order from their table's QR code, anonymously: the place token is the only credential.

Only the token's SHA-256 travels on the bus and sits in the projection, so the lookup hashes what
the phone presents. A double tap on 'send' carries one Idempotency-Key and places one order (the
key is unique per place in the database, so even two taps racing each other place one). The key's
stored answer goes back only to its own table: the same key from another table's token is refused.
"""
import hashlib
import time
from datetime import datetime, time as clock
from decimal import Decimal
from zoneinfo import ZoneInfo

from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession

from kit.errors import FieldErrors, Throttled
from ordering import messages
from ordering.diner.errors import (
    IdempotencyKeyInvalid, IdempotencyKeyReused, OrdersStopped, PlaceTokenInvalid, RestaurantClosed, TooManyOrders,
)
from ordering.diner.schemas import DinerOrderCreate, DinerOrderPublic, Tab, TabLine
from ordering.order import repository
from ordering.order.models import OrderLine
from ordering.order.service import NewLine, place_order
from ordering.order.transitions import REJECTED
from ordering.projections.models import PlaceFacts, RestaurantSettings
from ordering.settings import Settings


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def place_of_token(session: AsyncSession, token: str) -> PlaceFacts:
    place = await repository.place_by_token_hash(session, token_hash(token)) if 0 < len(token) <= 200 else None
    if place is None:
        raise PlaceTokenInvalid()
    return place


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


def check_key(key: str | None) -> None:
    """An Idempotency-Key of 8 to 100 characters (longer ones are refused here, not by the column)."""
    if key is None or not 8 <= len(key) <= 100:
        raise IdempotencyKeyInvalid()


async def count_order(redis: Redis, key: str, *limits: tuple[str, int, type[Throttled]]) -> None:
    """At most `per_minute` orders per `scope` in each clock minute, for every (scope, per_minute,
    error) given (a place; a restaurant; an address): the distinct idempotency keys of the orders
    placed, in a Redis set per scope and minute (a retried key counts once). An order refused by
    one limit leaves every set it entered, so it uses up none of the others."""
    now = int(time.time())
    windows = [f"ordering:diner-orders:{scope}:{now // 60}" for scope, _, _ in limits]
    async with redis.pipeline(transaction=True) as pipe:
        for window in windows:
            pipe.sadd(window, key).scard(window).expire(window, 120)
        replies = await pipe.execute()
    added, counts = replies[0::3], replies[1::3]
    for (_, per_minute, error), count in zip(limits, counts):
        if count > per_minute:
            entered = [window for window, new in zip(windows, added) if new]
            if entered:
                async with redis.pipeline(transaction=True) as pipe:
                    for window in entered:
                        pipe.srem(window, key)
                    await pipe.execute()
            raise error(retry_after=60 - now % 60)


def tab_line(line: OrderLine) -> TabLine:
    return TabLine(
        id=line.id, order=line.order_id, fk_dish=line.dish_id, dish_name=line.dish_name, price=line.price,
        quantity=line.quantity, status=line.status, extra_commentary=line.extra_commentary,
        diner_name=line.diner_name, creation_date=line.created_at,
    )


def total(lines: list[OrderLine]) -> Decimal:
    return sum((line.price * line.quantity for line in lines if line.status != REJECTED), Decimal("0.00"))


async def place_diner_order(
    session: AsyncSession, redis: Redis, settings: Settings, token: str, key: str | None, data: DinerOrderCreate
) -> tuple[DinerOrderPublic, bool]:
    """Answers the order and whether it was created now (False: the key's earlier order)."""
    check_key(key)
    place = await place_of_token(session, token)
    used = await repository.orders_with_key(session, key)
    if any(order.place_id != place.place_id for order in used):
        raise IdempotencyKeyReused()  # another table's order: never answered to this one
    existing = used[0] if used else None
    if existing is None:
        name = data.diner_name.strip()
        if not name:
            raise FieldErrors({"diner_name": [messages.DINER_NAME_REQUIRED]})
        restaurant = await repository.restaurant_settings(session, place.restaurant_id)
        check_taking_orders(restaurant, datetime.now(ZoneInfo(settings.restaurant_timezone)))
        order, lines, created = await place_order(
            session, settings, restaurant_id=place.restaurant_id, place=place,
            lines=[NewLine(line.fk_dish, line.quantity, line.extra_commentary) for line in data.ordenes],
            source="diner", diner_name=name, idempotency_key=key,
        )
        if created:
            # Counted once placed and checked, so refused attempts use up nothing; over the limit,
            # raising rolls the order back.
            await count_order(redis, key, (f"place:{place.place_id}", settings.diner_orders_per_minute, TooManyOrders))
    else:
        order, lines, created = existing, await repository.lines_of_order(session, existing.id), False
    return DinerOrderPublic(order=order.id, lines=[tab_line(l) for l in lines], total=total(lines)), created


async def tab(session: AsyncSession, token: str) -> Tab:
    place = await place_of_token(session, token)
    lines = await repository.tab_lines(session, [place.place_id])
    return Tab(fk_sit=place.place_id, i_name=place.name, fk_resto=place.restaurant_id,
               lines=[tab_line(l) for l in lines], total=total(lines))
