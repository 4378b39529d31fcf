"""Delivery and takeaway orders (spec part 2 §3 'Delivery order', §5; issue 13).

Staff create them from the delivery screen; a diner's menu-link order (sent by WhatsApp) is
recorded too, anonymously, so staff see it on the delivery list with the message's six-digit number.
Their dishes are ordinary order lines (`delivery_id`), moved by the same transition table.
"""
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
from ordering.delivery.models import DELIVERY, Delivery
from ordering.delivery.schemas import ContactInfo, DeliveryCreate, DeliveryPublic, DeliveryUpdate
from ordering.diner.errors import IdempotencyKeyInvalid
from ordering.diner.service import check_taking_orders, count_order
from ordering.order import repository
from ordering.order.models import OrderLine
from ordering.order.service import NewLine, check_caps, describe_all, place_order
from ordering.order.transitions import NEW, PAID, REJECTED
from ordering.settings import Settings

PHONE_DIGITS = (8, 20)


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


def delivery_status(lines: list[OrderLine]) -> str | None:
    statuses = {line.status for line in lines}
    if not statuses:
        return None
    return min(statuses - {REJECTED}) if statuses - {REJECTED} else REJECTED


def total_amount(lines: list[OrderLine]) -> Decimal:
    return sum((l.price * l.quantity for l in lines if l.status not in (NEW, REJECTED, PAID)), Decimal("0.00"))


def order_total(lines: list[OrderLine]) -> Decimal:
    return sum((l.price * l.quantity for l in lines if l.status != REJECTED), Decimal("0.00"))


async def describe(session: AsyncSession, delivery: Delivery, lines: list[OrderLine]) -> DeliveryPublic:
    return DeliveryPublic(
        id=delivery.id, fk_resto=delivery.restaurant_id, fk_menu=delivery.menu_id, type_delivery=delivery.type_delivery,
        contact_info=ContactInfo(name=delivery.contact_name, phone=delivery.contact_phone), address=delivery.address,
        fk_delivery=delivery.fk_delivery, status=delivery_status(lines), total_amount=total_amount(lines),
        order_total=order_total(lines), cash_amount=delivery.cash_amount, creation_date=delivery.created_at,
        ordenes=await describe_all(session, lines),
    )


async def _lines_of(session: AsyncSession, delivery_ids: list[int]) -> dict[int, list[OrderLine]]:
    out: dict[int, list[OrderLine]] = defaultdict(list)
    if delivery_ids:
        for line in await session.scalars(
            select(OrderLine).where(OrderLine.delivery_id.in_(delivery_ids)).order_by(OrderLine.id)
        ):
            out[line.delivery_id].append(line)
    return out


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
        await ensure_restaurant_access(session, principal, data.fk_resto)
    elif idempotency_key is None or not 8 <= len(idempotency_key) <= 100:
        raise IdempotencyKeyInvalid()
    if idempotency_key is not None:
        existing = await session.scalar(select(Delivery).where(
            Delivery.restaurant_id == data.fk_resto, Delivery.idempotency_key == idempotency_key
        ))
        if existing is not None:
            return await describe(session, existing, (await _lines_of(session, [existing.id]))[existing.id]), False
    errors = _contact_errors(data, staff)
    if errors:
        raise FieldErrors(errors)
    lines = [NewLine(line.fk_dish, line.quantity, line.extra_commentary) for line in data.ordenes]
    check_caps(settings, lines)
    if not staff:
        restaurant = await repository.restaurant_settings(session, data.fk_resto)
        check_taking_orders(restaurant, datetime.now(ZoneInfo(settings.restaurant_timezone)))

    inserted = await session.execute(
        insert(Delivery)
        .values(
            restaurant_id=data.fk_resto, menu_id=data.fk_menu, type_delivery=data.type_delivery,
            contact_name=data.contact_info.name.strip(), contact_phone=data.contact_info.phone.strip(),
            address=data.address.strip(), fk_delivery=data.fk_delivery, cash_amount=data.cash_amount,
            source="staff" if staff else "diner", idempotency_key=idempotency_key,
        )
        .on_conflict_do_nothing(index_elements=["restaurant_id", "idempotency_key"])
        .returning(Delivery.id)
    )
    delivery_id = inserted.scalar()
    if delivery_id is None:  # a racing twin with the same key committed first
        existing = await session.scalar(select(Delivery).where(
            Delivery.restaurant_id == data.fk_resto, Delivery.idempotency_key == idempotency_key
        ))
        return await describe(session, existing, (await _lines_of(session, [existing.id]))[existing.id]), False
    delivery = await session.get(Delivery, delivery_id)
    _, rows, _ = await place_order(
        session, settings, restaurant_id=data.fk_resto, place=None, lines=lines, delivery=delivery,
        source="staff" if staff else "diner", placed_by=principal.username if staff else "",
        diner_name="" if staff else delivery.contact_name,
    )
    if data.cash_amount is not None and data.cash_amount < order_total(rows):
        raise FieldErrors({"cash_amount": [messages.CASH_BELOW_TOTAL.format(total=f"{order_total(rows):.2f}")]})
    if not staff:
        await count_order(redis, f"delivery:{data.fk_resto}:{client_address}", idempotency_key, settings.diner_orders_per_minute)
    await session.refresh(delivery)
    return await describe(session, delivery, rows), True


async def search(
    session: AsyncSession, principal: Principal, listing: Paging, restaurant_id: int, status: str | None
) -> tuple[int, list[DeliveryPublic]]:
    await ensure_restaurant_access(session, principal, restaurant_id)
    query = (
        select(Delivery)
        .where(Delivery.restaurant_id == restaurant_id, restaurant_visible(Delivery.restaurant_id, principal))
        .order_by(Delivery.id.desc())
    )
    if status is None:
        count, deliveries = await fetch_page(session, query, listing, scalars=True)
        lines = await _lines_of(session, [d.id for d in deliveries])
        return count, [await describe(session, d, lines[d.id]) for d in deliveries]
    # delivery_status is derived from the lines: filter after deriving it, then page.
    every = list(await session.scalars(query))
    lines = await _lines_of(session, [d.id for d in every])
    matching = [d for d in every if delivery_status(lines[d.id]) == status]
    page = matching if listing.size is None else matching[listing.offset:listing.offset + listing.size]
    return len(matching), [await describe(session, d, lines[d.id]) for d in page]


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
    return await describe(session, delivery, (await _lines_of(session, [delivery.id]))[delivery.id])
