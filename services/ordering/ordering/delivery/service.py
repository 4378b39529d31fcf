"""Delivery and takeaway orders (spec part 2 §3 'Delivery order', §5; issues 13 and 20).

Staff create them from the delivery screen; a diner's menu-link order (sent by WhatsApp) is
recorded too, anonymously, so staff see it on the delivery list with the message's six-digit number.
Their dishes are ordinary order lines (`delivery_id`), moved by the same transition table.

Anyone can send an anonymous order to any restaurant, so one is taken only where the restaurant
takes them (the spec's order-enabled rule, `check_takes_deliveries`) and at most so many a minute
per restaurant and per address. An Idempotency-Key names one request: its stored answer, which
holds a person's name, phone and address, goes back only to the same caller with the same request.
A call without one (the spec's client sends none) is simply placed: it has nothing to replay.
A diner's order gets a tracking link (`delivery.tracking`); its page reads that order alone.

Every change of a delivery's own facts is announced (`ordering.delivery.changed`, `facts.changed`);
its status's moves by `status.keep_status` (from order's unit of work), its lines' by the line events.
"""
import hashlib
import re
from datetime import UTC, datetime

from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.ordering import DeliveryField, tracking_hash
from kit import localtime
from kit import i18n
from kit import messages as kit_messages
from kit.errors import FieldErrors
from kit.membership import ensure_restaurant_access
from kit.outbox import add_event
from kit.pagination import Paging
from kit.tokens import Principal
from ordering import messages, money
from ordering.delivery import repository, tracking
from ordering.delivery.errors import (
    DeliveryNotFound, DetailsTooLong, MenuNotDelivery, MenuNotFound, TakeawayOff, TooManyForRestaurant, TooManyFromAddress,
    TooManyTrackingReads, TrackingNotFound, WhatsappLinkMissing,
)
from ordering.delivery.facts import changed
from ordering.delivery.models import DELIVERY, Delivery
from ordering.delivery.schemas import (
    DETAILS_MAX, ContactInfo, DeliveryCreate, DeliveryCreated, DeliveryInfo, DeliveryPublic, DeliveryUpdate, TrackingLine,
    TrackingPublic,
)
from ordering.order.errors import IdempotencyKeyReused, PlaceNotFound
from ordering.order.models import OrderLine
from ordering.order.policy import check_key, check_taking_orders, count_order
from ordering.order.answers import public
from ordering.order.placing import NewLine, check_caps, place_order
from ordering.order.work import LineWork
from ordering.projections import repository as projections
from ordering.projections.models import MenuFacts, RestaurantSettings
from ordering.settings import Settings

NAME = (2, 30)  # the contact form's limits (spec part 2 §5, §9)
PHONE_DIGITS = (8, 20)
ADDRESS = (10, 100)
WHATSAPP_LINK = re.compile(r"^https://wa\.me/\d+$")  # as identity stores it, and catalog's order_enabled reads it
DELIVERY_POINT = "delivery"  # a place's sit_type


def _contact_errors(data: DeliveryCreate | DeliveryUpdate, staff: bool) -> dict:
    """Staff's form rules (name 2 to 30, phone 8 to 20 digits, address 10 to 100 for delivery and,
    when given, for pickup); a diner's message needs a name of at most 30 and, for delivery, an
    address of at most 100 (a phone, when given, as staff's)."""
    errors: dict = {}
    contact: dict = {}
    name, phone, address = data.contact_info.name.strip(), data.contact_info.phone.strip(), data.address.strip()
    if not name:
        contact["name"] = [messages.DINER_NAME_REQUIRED]
    elif staff and not NAME[0] <= len(name) <= NAME[1]:
        contact["name"] = [messages.CONTACT_NAME_LENGTH]
    elif len(name) > NAME[1]:
        contact["name"] = [messages.NAME_TOO_LONG]
    if staff and not phone:
        contact["phone"] = [messages.PHONE_REQUIRED]
    elif phone and not (phone.isdigit() and PHONE_DIGITS[0] <= len(phone) <= PHONE_DIGITS[1]):
        contact["phone"] = [messages.PHONE_INVALID]
    if contact:
        errors["contact_info"] = contact
    if data.type_delivery == DELIVERY and not address:
        errors["address"] = [messages.ADDRESS_REQUIRED]
    elif staff and address and not ADDRESS[0] <= len(address) <= ADDRESS[1]:
        errors["address"] = [messages.ADDRESS_LENGTH]
    elif len(address) > ADDRESS[1]:
        errors["address"] = [messages.ADDRESS_TOO_LONG]
    return errors


async def _delivery_point(session: AsyncSession, place_id: int | None, restaurant_id: int) -> int | None:
    """A delivery point of the restaurant (another's place looks missing), or None."""
    if place_id is None:
        return None
    place = await projections.place(session, place_id)
    if place is None or place.restaurant_id != restaurant_id:
        raise PlaceNotFound()
    if place.kind != DELIVERY_POINT:
        raise FieldErrors({"fk_sit": [messages.NOT_A_DELIVERY_POINT]})
    return place.place_id


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


def _public(delivery: Delivery, lines: list[OrderLine], names: dict[int, str]) -> DeliveryPublic:
    return DeliveryPublic(
        id=delivery.id, fk_resto=delivery.restaurant_id, fk_menu=delivery.menu_id, type_delivery=delivery.type_delivery,
        contact_info=ContactInfo(name=delivery.contact_name, phone=delivery.contact_phone), address=delivery.address,
        fk_delivery=delivery.fk_delivery, fk_sit=delivery.place_id, admin=delivery.source == "staff",
        status=delivery.status, delivery_status=delivery.status,
        total_amount=money.delivery_total_amount(lines), order_total=money.tab_total(lines), cash_amount=delivery.cash_amount,
        details=delivery.details, creation_date=delivery.created_at, closed_at=delivery.closed_at,
        ordenes=[public(line, names.get(line.place_id, "")) for line in lines],
    )


async def describe_many(session: AsyncSession, deliveries: list[Delivery]) -> list[DeliveryPublic]:
    """The deliveries with their lines: one query for every delivery's lines, one for the names of
    the places any of them sit at (none when no line has a place), whatever the number."""
    by_delivery = await repository.lines_of(session, [d.id for d in deliveries])
    names = await projections.place_names(session, [l.place_id for lines in by_delivery.values() for l in lines])
    return [_public(d, by_delivery[d.id], names) for d in deliveries]


async def describe(session: AsyncSession, delivery: Delivery) -> DeliveryPublic:
    [answer] = await describe_many(session, [delivery])
    return answer


async def _created(session: AsyncSession, delivery: Delivery, token: str | None) -> DeliveryCreated:
    return DeliveryCreated(**(await describe(session, delivery)).model_dump(), tracking_token=token)


async def replay(
    session: AsyncSession, existing: Delivery, staff: bool, data: DeliveryCreate, fingerprint: str, key: str
) -> DeliveryCreated:
    """The stored answer of a repeated Idempotency-Key, only to its own caller: the same kind
    (staff or a diner), the same restaurant (staff passed its access check for `fk_resto`), the
    same request; with the tracking token the key seals. Anyone else learns only that the key is taken."""
    same_caller = existing.source == ("staff" if staff else "diner") and existing.restaurant_id == data.fk_resto
    if not same_caller or existing.request_hash != fingerprint:
        raise IdempotencyKeyReused()
    token = tracking.unseal(existing.tracking_sealed, key) if existing.tracking_sealed else None
    return await _created(session, existing, token)


async def create(
    work: LineWork,
    session: AsyncSession,
    redis: Redis,
    settings: Settings,
    principal: Principal | None,
    data: DeliveryCreate,
    *,
    idempotency_key: str | None,
    client_address: str,
    now: datetime | None = None,
) -> tuple[DeliveryCreated, bool]:
    """Answers the delivery and whether it was created now (False: the key's earlier one). `now`:
    staff's moment (`ordering.clock`); a diner's order is always the server's."""
    staff = principal is not None
    check_key(idempotency_key)
    if staff:
        await ensure_restaurant_access(session, principal, data.fk_resto)
    fingerprint = request_hash(data)
    if idempotency_key is not None:
        existing = await repository.by_key(session, idempotency_key)
        if existing is not None:
            return await replay(session, existing, staff, data, fingerprint, idempotency_key), False
    errors = _contact_errors(data, staff)
    if not staff and data.fk_sit is not None:
        errors["fk_sit"] = [messages.PLACE_NOT_FOUND]  # a diner names no place of the floor
    if errors:
        raise FieldErrors(errors)
    lines = [NewLine(line.fk_dish, line.quantity, line.extra_commentary) for line in data.ordenes]
    check_caps(settings, lines)
    place_id = await _delivery_point(session, data.fk_sit, data.fk_resto) if staff else None
    if not staff:
        check_takes_deliveries(
            await projections.restaurant_settings(session, data.fk_resto), await projections.menu(session, data.fk_menu),
            data.fk_resto, localtime.now(),
        )
    now = now if staff and now is not None else datetime.now(UTC)
    token = token_hash = sealed = None
    if not staff:  # a diner's order from the menu link: its tracking link
        token, token_hash, sealed = tracking.new_token(idempotency_key)

    delivery = await repository.add(session, dict(
        restaurant_id=data.fk_resto, menu_id=data.fk_menu, type_delivery=data.type_delivery,
        contact_name=data.contact_info.name.strip(), contact_phone=data.contact_info.phone.strip(),
        address=data.address.strip(), fk_delivery=data.fk_delivery, cash_amount=data.cash_amount, place_id=place_id,
        source="staff" if staff else "diner", request_hash=fingerprint,
        idempotency_key=tracking.key_hash(idempotency_key) if idempotency_key is not None else None,
        tracking_hash=token_hash, tracking_sealed=sealed, created_at=now,
    ))
    if delivery is None:  # a racing twin with the same key committed first
        existing = await repository.by_key(session, idempotency_key)
        return await replay(session, existing, staff, data, fingerprint, idempotency_key), False
    # Placing the lines stores the delivery's first status and announces it (status.keep_status).
    placed, rows, _ = await place_order(
        work, settings, restaurant_id=data.fk_resto, place=None, lines=lines, delivery_id=delivery.id,
        kind="delivery" if delivery.type_delivery == DELIVERY else "takeaway", menu_id=delivery.menu_id,
        source="staff" if staff else "diner", placed_by=principal.username if staff else "",
        diner_name="" if staff else delivery.contact_name, now=now,
    )
    order_total = money.tab_total(rows)
    if data.cash_amount is not None and data.cash_amount < order_total:
        raise FieldErrors({"cash_amount": [messages.CASH_BELOW_TOTAL.format(total=i18n.money(order_total))]})
    if not staff:
        # Counted once placed and checked, so refused attempts use up nothing; over a limit,
        # raising rolls the order back. The address first: one address over its limit cannot use
        # up the restaurant's allowance.
        await count_order(
            redis, idempotency_key, placed.id,
            (f"delivery-address:{client_address}", settings.delivery_orders_per_address_per_minute, TooManyFromAddress),
            (f"delivery-restaurant:{data.fk_resto}", settings.delivery_orders_per_restaurant_per_minute, TooManyForRestaurant),
        )
    # the answer (and the stored answer a replay gets) shows the delivery's derived status, which
    # the work writes: written now; the work's exit then has nothing left to write
    await work.flush()
    await session.refresh(delivery)
    return await _created(session, delivery, token), True


async def search(
    session: AsyncSession, principal: Principal, listing: Paging, restaurant_id: int, status: str | None
) -> tuple[int, list[DeliveryPublic]]:
    """Newest first, filtered and paged in SQL on the stored status, then the page's lines in one
    query: a fixed number of statements per call."""
    await ensure_restaurant_access(session, principal, restaurant_id)
    count, deliveries = await repository.search(session, principal, listing, restaurant_id, status)
    return count, await describe_many(session, deliveries)


async def readable(session: AsyncSession, principal: Principal, delivery_id: int, restaurant_id: int | None = None,
                    *, lock: bool = False) -> Delivery:
    """The caller's delivery; unknown, another restaurant's, or not of `restaurant_id`: not found."""
    delivery = await repository.get_readable(session, principal, delivery_id, lock=lock)
    if delivery is None or (restaurant_id is not None and restaurant_id != delivery.restaurant_id):
        raise DeliveryNotFound()
    return delivery


async def lines(
    session: AsyncSession, principal: Principal, listing: Paging, *, restaurant_id: int | None, delivery_id: int | None,
    status: str | None,
) -> tuple[int, list[OrderLine]]:
    """The delivery lines call: a restaurant's delivery lines (by the deliveries' status), or one
    delivery's. Another restaurant, or its delivery, looks missing."""
    if restaurant_id is None and delivery_id is None:
        raise FieldErrors({"fk_resto": [kit_messages.FIELD_REQUIRED]})
    if restaurant_id is not None:
        await ensure_restaurant_access(session, principal, restaurant_id)
    if delivery_id is not None:
        await readable(session, principal, delivery_id, restaurant_id)
    return await repository.search_lines(
        session, principal, listing, restaurant_id=restaurant_id, delivery_id=delivery_id, status=status
    )


async def change(session: AsyncSession, principal: Principal, delivery_id: int, data: DeliveryUpdate) -> DeliveryPublic:
    """Type, contact details, address, number and delivery point; what changed is announced."""
    delivery = await readable(session, principal, delivery_id, data.fk_resto, lock=True)
    errors = _contact_errors(data, staff=True)
    if errors:
        raise FieldErrors(errors)
    wanted: dict[DeliveryField, dict] = {
        "type": {"type_delivery": data.type_delivery},
        "contact": {"contact_name": data.contact_info.name.strip(), "contact_phone": data.contact_info.phone.strip()},
        "address": {"address": data.address.strip()},
    }
    if data.fk_delivery is not None:
        wanted["number"] = {"fk_delivery": data.fk_delivery}
    if "fk_sit" in data.model_fields_set:
        wanted["place"] = {"place_id": await _delivery_point(session, data.fk_sit, delivery.restaurant_id)}
    fields: list[DeliveryField] = []
    for field, values in wanted.items():
        if any(getattr(delivery, name) != value for name, value in values.items()):
            fields.append(field)
            for name, value in values.items():
                setattr(delivery, name, value)
    if fields:
        await session.flush()
        add_event(session, changed(delivery, fields))
    return await describe(session, delivery)


def _info(delivery: Delivery) -> DeliveryInfo:
    return DeliveryInfo(id=delivery.id, fk_resto=delivery.restaurant_id, fk_delivery=delivery.fk_delivery, details=delivery.details)


async def info(session: AsyncSession, principal: Principal, delivery_id: int, restaurant_id: int | None) -> DeliveryInfo:
    return _info(await readable(session, principal, delivery_id, restaurant_id))


async def change_info(
    session: AsyncSession, principal: Principal, delivery_id: int, restaurant_id: int | None, details: str
) -> DeliveryInfo:
    """The order's detail text, up to 200 characters (the spec's 'No se pudo actualizar el detalle
    de la orden' past it, saying why)."""
    delivery = await readable(session, principal, delivery_id, restaurant_id, lock=True)
    details = details.strip()
    if len(details) > DETAILS_MAX:
        raise DetailsTooLong(DETAILS_MAX)
    if details != delivery.details:
        delivery.details = details
        await session.flush()
        add_event(session, changed(delivery, ["details"]))
    return _info(delivery)


# --- the diner's tracking link -------------------------------------------------------------------

async def count_tracking_read(redis: Redis, settings: Settings, client_address: str) -> None:
    """At most `tracking_reads_per_address_per_minute` reads per address per clock minute, found or
    not: a token cannot be guessed by asking."""
    now = int(datetime.now(UTC).timestamp())
    window = f"ordering:tracking-reads:{client_address}:{now // 60}"
    async with redis.pipeline(transaction=True) as pipe:
        reads, _ = await pipe.incr(window).expire(window, 120).execute()
    if reads > settings.tracking_reads_per_address_per_minute:
        raise TooManyTrackingReads(retry_after=60 - now % 60)


async def follow(session: AsyncSession, redis: Redis, settings: Settings, token: str, client_address: str) -> TrackingPublic:
    """The order a tracking token names, as its diner follows it; an unknown token and one a day
    past its order's closing are the same 404."""
    await count_tracking_read(redis, settings, client_address)
    delivery = await repository.by_tracking_hash(session, tracking_hash(token)) if 0 < len(token) <= tracking.TOKEN_MAX else None
    now = datetime.now(UTC)
    if delivery is None or not tracking.live(delivery.closed_at, settings.tracking_hours_after_close, now):
        raise TrackingNotFound()
    lines = (await repository.lines_of(session, [delivery.id]))[delivery.id]
    restaurant = await projections.restaurant_settings(session, delivery.restaurant_id)
    stage = tracking.stage(delivery.status, delivery.type_delivery)
    return TrackingPublic(
        fk_delivery=delivery.fk_delivery, fk_resto=delivery.restaurant_id, restaurant=restaurant.nombre_local if restaurant else "",
        type_delivery=delivery.type_delivery, status=delivery.status, stage=stage, stage_text=messages.STAGES[stage].render(),
        total=money.tab_total(lines), creation_date=delivery.created_at, closed_at=delivery.closed_at,
        expires_at=tracking.expires_at(delivery.closed_at, settings.tracking_hours_after_close),
        lines=[
            TrackingLine(id=line.id, dish_name=line.dish_name, quantity=line.quantity, price=line.price,
                         amount=money.line_total(line.price, line.quantity), status=line.status,
                         extra_commentary=line.extra_commentary)
            for line in lines
        ],
    )
