"""Delivery and takeaway orders (spec part 2 §3 'Delivery order', §5; issue 13).

Staff create them from the delivery screen; a diner's menu-link order (sent by WhatsApp) is
recorded too, anonymously, so staff see it on the delivery list with the message's six-digit number.
Their dishes are ordinary order lines (`delivery_id`), moved by the same transition table.

Anyone can send an anonymous order to any restaurant, so one is taken only where the restaurant
takes them (the spec's order-enabled rule, `check_takes_deliveries`) and at most so many a minute
per restaurant and per address. An Idempotency-Key names one request: its stored answer, which
holds a person's name, phone and address, goes back only to the same caller with the same request.
"""
import hashlib
import re
from collections import defaultdict
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from redis.asyncio import Redis
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from kit.errors import FieldErrors, NotFound
from kit.membership import ensure_restaurant_access, restaurant_visible
from kit.pagination import Paging, fetch_page
from kit.tokens import Principal
from ordering import messages
from ordering.delivery.errors import (
    MenuNotDelivery, MenuNotFound, TakeawayOff, TooManyForRestaurant, TooManyFromAddress, WhatsappLinkMissing,
)
from ordering.delivery.models import DELIVERY, Delivery
from ordering.delivery.schemas import ContactInfo, DeliveryCreate, DeliveryPublic, DeliveryUpdate
from ordering.diner.errors import IdempotencyKeyReused
from ordering.diner.service import check_key, check_taking_orders, count_order
from ordering.order import repository
from ordering.order.models import OrderLine
from ordering.order.service import NewLine, check_caps, place_order, public
from ordering.order.transitions import NEW, PAID, REJECTED
from ordering.projections.models import MenuFacts, RestaurantSettings
from ordering.settings import Settings

PHONE_DIGITS = (8, 20)
WHATSAPP_LINK = re.compile(r"^https://wa\.me/\d+$")  # as identity stores it, and catalog's order_enabled reads it


def _contact_errors(data: DeliveryCreate | DeliveryUpdate, staff: bool) -> dict:
    """Staff's form rules (name 2 to 30, phone 8 to 20 digits, address 10 to 100 for delivery);
    a diner's message needs only a name and, for delivery, an address."""
    errors: dict = {}
    name, phone, address = data.contact_info.name.strip(), data.contact_info.phone.strip(), data.address.strip()
    if not name:
        errors.setdefault("contact_info", {})["name"] = [messages.DINER_NAME_REQUIRED]
    elif staff and len(name) < 2:
        errors.setdefault("contact_info", {})["name"] = [messages.CONTACT_NAME_LENGTH]
    if staff and not phone:
        errors.setdefault("contact_info", {})["phone"] = [messages.PHONE_REQUIRED]
    elif phone and not (phone.isdigit() and PHONE_DIGITS[0] <= len(phone) <= PHONE_DIGITS[1]):
        errors.setdefault("contact_info", {})["phone"] = [messages.PHONE_INVALID]
    if data.type_delivery == DELIVERY and not address:
        errors["address"] = [messages.ADDRESS_REQUIRED]
    elif staff and address and not 10 <= len(address) <= 100:
        errors["address"] = [messages.ADDRESS_LENGTH]
    return errors


def check_takes_deliveries(
    restaurant: RestaurantSettings | None, menu: MenuFacts | None, restaurant_id: int, now: datetime
) -> None:
    """The spec's order-enabled rule, for a diner's order from the menu link: the restaurant's
    WhatsApp is a wa.me link and take-away is on, the menu is a delivery menu of that restaurant,
    orders are not stopped and the restaurant is open by its schedule. A restaurant whose profile
    has not arrived yet takes none."""
    if restaurant is None or not WHATSAPP_LINK.match(restaurant.whatsapp or ""):
        raise WhatsappLinkMissing()
    if not restaurant.takeaway:
        raise TakeawayOff()
    if menu is None or menu.deleted or menu.restaurant_id != restaurant_id:
        raise MenuNotFound()
    if not menu.delivery:
        raise MenuNotDelivery()
    check_taking_orders(restaurant, now)


def request_hash(data: DeliveryCreate) -> str:
    """What a replay must repeat: the validated body, field by field."""
    return hashlib.sha256(data.model_dump_json().encode()).hexdigest()


def total_amount(lines: list[OrderLine]) -> Decimal:
    return sum((l.price * l.quantity for l in lines if l.status not in (NEW, REJECTED, PAID)), Decimal("0.00"))


def order_total(lines: list[OrderLine]) -> Decimal:
    return sum((l.price * l.quantity for l in lines if l.status != REJECTED), Decimal("0.00"))


async def describe_many(session: AsyncSession, deliveries: list[Delivery]) -> list[DeliveryPublic]:
    """The deliveries with their lines: one query for every delivery's lines, one for the names of
    the places any of them sit at (none when no line has a place), whatever the number."""
    by_delivery: dict[int, list[OrderLine]] = defaultdict(list)
    if deliveries:
        for line in await session.scalars(
            select(OrderLine).where(OrderLine.delivery_id.in_([d.id for d in deliveries])).order_by(OrderLine.id)
        ):
            by_delivery[line.delivery_id].append(line)
    names = await repository.place_names(session, [l.place_id for lines in by_delivery.values() for l in lines])
    return [
        DeliveryPublic(
            id=d.id, fk_resto=d.restaurant_id, fk_menu=d.menu_id, type_delivery=d.type_delivery,
            contact_info=ContactInfo(name=d.contact_name, phone=d.contact_phone), address=d.address,
            fk_delivery=d.fk_delivery, status=d.status, total_amount=total_amount(by_delivery[d.id]),
            order_total=order_total(by_delivery[d.id]), cash_amount=d.cash_amount, creation_date=d.created_at,
            ordenes=[public(l, names.get(l.place_id, "")) for l in by_delivery[d.id]],
        )
        for d in deliveries
    ]


async def describe(session: AsyncSession, delivery: Delivery) -> DeliveryPublic:
    [answer] = await describe_many(session, [delivery])
    return answer


async def _by_key(session: AsyncSession, key: str) -> Delivery | None:
    return await session.scalar(select(Delivery).where(Delivery.idempotency_key == key))


async def replay(session: AsyncSession, existing: Delivery, staff: bool, data: DeliveryCreate, fingerprint: str) -> DeliveryPublic:
    """The stored answer of a repeated Idempotency-Key, only to its own caller: the same kind
    (staff or a diner), the same restaurant (staff passed its access check for `fk_resto`), the
    same request. Anyone else learns only that the key is taken."""
    same_caller = existing.source == ("staff" if staff else "diner") and existing.restaurant_id == data.fk_resto
    if not same_caller or existing.request_hash != fingerprint:
        raise IdempotencyKeyReused()
    return await describe(session, existing)


async def create(
    session: AsyncSession,
    redis: Redis,
    settings: Settings,
    principal: Principal | None,
    data: DeliveryCreate,
    *,
    idempotency_key: str | None,
    client_address: str,
) -> tuple[DeliveryPublic, bool]:
    """Answers the delivery and whether it was created now (False: the key's earlier one)."""
    staff = principal is not None
    if staff:
        if idempotency_key is not None:
            check_key(idempotency_key)
        await ensure_restaurant_access(session, principal, data.fk_resto)
    else:
        check_key(idempotency_key)
    fingerprint = request_hash(data)
    if idempotency_key is not None:
        existing = await _by_key(session, idempotency_key)
        if existing is not None:
            return await replay(session, existing, staff, data, fingerprint), False
    errors = _contact_errors(data, staff)
    if errors:
        raise FieldErrors(errors)
    lines = [NewLine(line.fk_dish, line.quantity, line.extra_commentary) for line in data.ordenes]
    check_caps(settings, lines)
    if not staff:
        check_takes_deliveries(
            await repository.restaurant_settings(session, data.fk_resto), await session.get(MenuFacts, data.fk_menu),
            data.fk_resto, datetime.now(ZoneInfo(settings.restaurant_timezone)),
        )

    inserted = await session.execute(
        insert(Delivery)
        .values(
            restaurant_id=data.fk_resto, menu_id=data.fk_menu, type_delivery=data.type_delivery,
            contact_name=data.contact_info.name.strip(), contact_phone=data.contact_info.phone.strip(),
            address=data.address.strip(), fk_delivery=data.fk_delivery, cash_amount=data.cash_amount,
            source="staff" if staff else "diner", idempotency_key=idempotency_key, request_hash=fingerprint,
        )
        .on_conflict_do_nothing(index_elements=["idempotency_key"], index_where=Delivery.idempotency_key.is_not(None))
        .returning(Delivery.id)
    )
    delivery_id = inserted.scalar()
    if delivery_id is None:  # a racing twin with the same key committed first
        return await replay(session, await _by_key(session, idempotency_key), staff, data, fingerprint), False
    delivery = await session.get(Delivery, delivery_id)
    _, rows, _ = await place_order(
        session, settings, restaurant_id=data.fk_resto, place=None, lines=lines, delivery=delivery,
        source="staff" if staff else "diner", placed_by=principal.username if staff else "",
        diner_name="" if staff else delivery.contact_name,
    )
    if data.cash_amount is not None and data.cash_amount < order_total(rows):
        raise FieldErrors({"cash_amount": [messages.CASH_BELOW_TOTAL.format(total=f"{order_total(rows):.2f}")]})
    if not staff:
        # Counted once placed and checked, so refused attempts use up nothing; over a limit,
        # raising rolls the order back. The address first: one address over its limit cannot use
        # up the restaurant's allowance.
        await count_order(
            redis, idempotency_key,
            (f"delivery-address:{client_address}", settings.delivery_orders_per_address_per_minute, TooManyFromAddress),
            (f"delivery-restaurant:{data.fk_resto}", settings.delivery_orders_per_restaurant_per_minute, TooManyForRestaurant),
        )
    await session.refresh(delivery)
    return await describe(session, delivery), True


async def search(
    session: AsyncSession, principal: Principal, listing: Paging, restaurant_id: int, status: str | None
) -> tuple[int, list[DeliveryPublic]]:
    """Newest first; the status filter and the page are SQL on the stored status (index restaurant,
    status, id), then the page's lines in one query: a fixed number of statements per call."""
    await ensure_restaurant_access(session, principal, restaurant_id)
    query = (
        select(Delivery)
        .where(Delivery.restaurant_id == restaurant_id, restaurant_visible(Delivery.restaurant_id, principal))
        .order_by(Delivery.id.desc())
    )
    if status is not None:
        query = query.where(Delivery.status == status)
    count, deliveries = await fetch_page(session, query, listing, scalars=True)
    return count, await describe_many(session, list(deliveries))


async def change(session: AsyncSession, principal: Principal, delivery_id: int, data: DeliveryUpdate) -> DeliveryPublic:
    delivery = await session.scalar(
        select(Delivery)
        .where(Delivery.id == delivery_id, restaurant_visible(Delivery.restaurant_id, principal))
        .with_for_update()
    )
    if delivery is None or (data.fk_resto is not None and data.fk_resto != delivery.restaurant_id):
        raise NotFound()
    errors = _contact_errors(data, staff=True)
    if errors:
        raise FieldErrors(errors)
    delivery.type_delivery = data.type_delivery
    delivery.contact_name = data.contact_info.name.strip()
    delivery.contact_phone = data.contact_info.phone.strip()
    delivery.address = data.address.strip()
    if data.fk_delivery is not None:
        delivery.fk_delivery = data.fk_delivery
    await session.flush()
    return await describe(session, delivery)
