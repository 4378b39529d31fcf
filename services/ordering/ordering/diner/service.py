"""Diners order from their table's QR code, anonymously: the place token is the only credential.

Only the token's SHA-256 travels on the bus and sits in the projection, so the lookup hashes what
the phone presents. A double tap on 'send' carries one Idempotency-Key and places one order (the
key is unique per place in the database, so even two taps racing each other place one). The key's
stored answer goes back only to its own table: the same key from another table's token is refused.
The spec's client sends no key: its order is simply placed (each call another order).
"""

from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.floor import token_hash
from kit import localtime
from kit.errors import FieldErrors
from ordering import messages, money
from ordering.diner.errors import PlaceTokenInvalid, TooManyOrders
from ordering.diner.schemas import DinerOrderCreate, DinerOrderPublic, Tab, TabLine
from ordering.order import repository
from ordering.order.errors import IdempotencyKeyReused
from ordering.order.models import OrderLine
from ordering.order.policy import check_key, check_taking_orders, count_order
from ordering.order.placing import NewLine, place_order
from ordering.order.transitions import payable
from ordering.order.work import LineWork
from ordering.projections import repository as projections
from ordering.projections.models import PlaceFacts
from ordering.settings import Settings


async def place_of_token(session: AsyncSession, token: str) -> PlaceFacts:
    place = await projections.place_by_token_hash(session, token_hash(token)) if 0 < len(token) <= 200 else None
    if place is None:
        raise PlaceTokenInvalid()
    return place


def tab_line(line: OrderLine) -> TabLine:
    return TabLine(
        id=line.id, order=line.order_id, fk_dish=line.dish_id, dish_name=line.dish_name, price=line.price,
        quantity=line.quantity, status=line.status, extra_commentary=line.extra_commentary,
        diner_name=line.diner_name, creation_date=line.created_at, status_pay=line.pay_status,
        amount=money.line_total(line.price, line.quantity), payable=payable(line.status, line.pay_status),
    )


async def place_diner_order(
    work: LineWork, session: AsyncSession, redis: Redis, settings: Settings, token: str, key: str | None,
    data: DinerOrderCreate,
) -> tuple[DinerOrderPublic, bool]:
    """Answers the order and whether it was created now (False: the key's earlier order)."""
    check_key(key)
    place = await place_of_token(session, token)
    used = await repository.orders_with_key(session, key) if key is not None else []
    if any(order.place_id != place.place_id for order in used):
        raise IdempotencyKeyReused()  # another table's order: never answered to this one
    existing = used[0] if used else None
    if existing is None:
        name = data.diner_name.strip()
        if not name:
            raise FieldErrors({"diner_name": [messages.DINER_NAME_REQUIRED]})
        restaurant = await projections.restaurant_settings(session, place.restaurant_id)
        check_taking_orders(restaurant, localtime.now())
        order, lines, created = await place_order(
            work, settings, restaurant_id=place.restaurant_id, place=place,
            lines=[NewLine(line.fk_dish, line.quantity, line.extra_commentary) for line in data.ordenes],
            source="diner", diner_name=name, idempotency_key=key,
        )
        if created:
            # Counted once placed and checked, so refused attempts use up nothing; over the limit,
            # raising rolls the order back.
            await count_order(redis, key, order.id, (f"place:{place.place_id}", settings.diner_orders_per_minute, TooManyOrders))
    else:
        order, lines, created = existing, await repository.lines_of_order(session, existing.id), False
    return DinerOrderPublic(order=order.id, lines=[tab_line(l) for l in lines], total=money.tab_total(lines)), created


async def tab(session: AsyncSession, token: str) -> Tab:
    place = await place_of_token(session, token)
    lines = await repository.tab_lines(session, [place.place_id])
    return Tab(fk_sit=place.place_id, i_name=place.name, fk_resto=place.restaurant_id,
               lines=[tab_line(l) for l in lines], total=money.tab_total(lines))
