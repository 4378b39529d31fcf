"""The sketch: places with their rules, their QR tokens, and the events other services follow.

A place's facts (`floor.place.created|changed|removed`) feed ordering (which restaurant and menu
an order at this place belongs to, and the token a diner presents) and notifications (the diner's
socket). Its position and size only concern the sketch, so moving a place announces nothing.
"""
import re
import secrets
from collections.abc import Collection

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.floor import PlaceChanged, PlaceCreated, PlaceRemoved, token_hash
from floor import messages
from floor.place import repository
from floor.place.errors import ItemErrors, NoItems, PlaceInUse, PlaceNotFound, PlaceTokenRevoked  # noqa: F401  (PlaceNotFound: also the QR sheets)
from floor.place.models import Place, RevokedToken
from floor.place.schemas import GRID_COLUMNS, PlaceForDiner, SitItem, SitPublic
from kit.errors import NonFieldError
from kit.i18n import Text
from kit.membership import ensure_restaurant_access
from kit.outbox import add_event
from kit.tokens import Principal

PREFIX = {"mesa": "M", "silla": "S", "delivery": "D"}
NAME_MAX = 4


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, 24 URL-safe characters


def diner_link(base_url: str, token: str) -> str:
    return f"{base_url}/menus?p={token}"


def public(place: Place, menu_name: str, base_url: str) -> SitPublic:
    return SitPublic(
        id=place.id, fk_resto=place.restaurant_id, fk_menu=place.menu_id, menu_name=menu_name, i_name=place.name,
        sit_type=place.kind, x_axis=place.x, y_axis=place.y, w_width=place.w, h_high=place.h, blocked=place.blocked,
        admin=place.admin, details=place.details, call_waiter=place.call_waiter, call_kind=place.call_kind,
        is_active=place.active, qr=diner_link(base_url, place.token), qr_code=f"/api/qr/lugar/{place.token}.png",
    )


async def publics(session: AsyncSession, places: list[Place], base_url: str) -> list[SitPublic]:
    names = await repository.menu_names(session, {p.menu_id for p in places})
    return [public(p, names.get(p.menu_id, ""), base_url) for p in places]


def _facts(place: Place) -> dict:
    return {
        "place_id": place.id, "restaurant_id": place.restaurant_id, "name": place.name, "kind": place.kind,
        "menu_id": place.menu_id, "admin": place.admin, "token_hash": token_hash(place.token),
    }


def _name_errors(name: str, kind: str) -> list[Text]:
    """Spec part 1 §8 'Sketch item': M, S or D by kind, then a number; at most 4 characters."""
    if not name:
        return [messages.NAME_REQUIRED]
    if len(name) > NAME_MAX:
        return [messages.NAME_TOO_LONG]
    if not re.fullmatch(rf"{PREFIX[kind]}[0-9]+", name):
        return [messages.NAME_INVALID]
    return []


def _one_restaurant(items: list[SitItem]) -> int:
    if not items:
        raise NoItems()
    restaurants = {item.fk_resto for item in items}
    if len(restaurants) > 1:
        raise NonFieldError(messages.ONE_RESTAURANT)
    return restaurants.pop()


async def _check(session: AsyncSession, restaurant_id: int, items: list[SitItem], others: list[Place]) -> None:
    """Every rule of every item, all reported at once by the item's index; nothing is saved if any fails."""
    menus = await repository.menus_of(session, restaurant_id)
    if errors := item_errors(items, menus, {place.name for place in others}):
        raise ItemErrors(errors)


def item_errors(items: list[SitItem], menus: Collection[int], taken: Collection[str]) -> dict[int, dict]:
    """The refused items by index, each with its fields' problems. `menus`: the restaurant's menus;
    `taken`: the names of its other places."""
    seen: set[str] = set()
    errors: dict[int, dict] = {}
    for index, item in enumerate(items):
        fields: dict[str, list[Text]] = {}
        name = item.i_name.strip().upper()
        if problems := _name_errors(name, item.sit_type):
            fields["i_name"] = problems
        elif name in taken or name in seen:
            fields["i_name"] = [messages.NAME_TAKEN.format(name=name)]
        seen.add(name)
        if item.fk_menu is None:
            fields["fk_menu"] = [messages.MENU_REQUIRED]
        elif item.fk_menu not in menus:
            fields["fk_menu"] = [messages.MENU_NOT_OF_RESTAURANT]
        if item.x_axis + item.w_width > GRID_COLUMNS:
            fields["x_axis"] = [messages.OUTSIDE_GRID]
        if fields:
            errors[index] = fields
    return errors


def _apply(place: Place, item: SitItem) -> bool:
    """Copy the item onto the place; answers whether facts other services follow changed."""
    before = (place.name, place.kind, place.menu_id, place.admin)
    place.name, place.kind, place.menu_id, place.admin = item.i_name.strip().upper(), item.sit_type, item.fk_menu, item.admin
    place.x, place.y, place.w, place.h = item.x_axis, item.y_axis, item.w_width, item.h_high
    place.blocked, place.details = item.blocked, item.details
    return before != (place.name, place.kind, place.menu_id, place.admin)


def _update(place: Place, item: SitItem) -> bool:
    """`_apply` for a place that exists. The spec's update payload has no `admin`: a caller that
    leaves it out keeps the place's."""
    admin = item.admin if "admin" in item.model_fields_set else place.admin
    return _apply(place, item.model_copy(update={"admin": admin}))


async def list_places(session: AsyncSession, principal: Principal, restaurant_id: int) -> list[Place]:
    await ensure_restaurant_access(session, principal, restaurant_id)
    return await repository.of_restaurant(session, restaurant_id)


async def create(session: AsyncSession, principal: Principal, items: list[SitItem]) -> list[Place]:
    restaurant_id = _one_restaurant(items)
    await ensure_restaurant_access(session, principal, restaurant_id)
    await repository.lock_sketch(session, restaurant_id)
    existing = await repository.of_restaurant(session, restaurant_id)
    await _check(session, restaurant_id, items, existing)
    places = []
    for item in items:
        place = Place(restaurant_id=restaurant_id, token=new_token(), call_waiter=False, active=False)
        _apply(place, item)
        session.add(place)
        places.append(place)
    await session.flush()
    for place in places:
        add_event(session, PlaceCreated(**_facts(place)))
    return places


async def change(session: AsyncSession, principal: Principal, items: list[SitItem]) -> list[Place]:
    restaurant_id = _one_restaurant(items)
    await ensure_restaurant_access(session, principal, restaurant_id)
    await repository.lock_sketch(session, restaurant_id)
    existing = {place.id: place for place in await repository.of_restaurant(session, restaurant_id, lock=True)}
    if any(item.id not in existing for item in items):
        raise PlaceNotFound()
    changing = {item.id for item in items}
    await _check(session, restaurant_id, items, [p for p in existing.values() if p.id not in changing])
    changed = []
    for item in items:
        place = existing[item.id]
        if _update(place, item):
            changed.append(place)
    await session.flush()  # names are unique at commit (deferred), so two places may swap names
    for place in changed:
        add_event(session, PlaceChanged(**_facts(place)))
    return [existing[item.id] for item in items]


async def visible(session: AsyncSession, principal: Principal, place_ids: list[int]) -> list[Place]:
    places = await repository.get_visible(session, principal, place_ids, lock=True)
    if len(places) != len(set(place_ids)):
        raise PlaceNotFound()
    return places


async def remove(session: AsyncSession, principal: Principal, place_id: int) -> None:
    (place,) = await visible(session, principal, [place_id])
    if place.active:
        raise PlaceInUse(place.name)
    add_event(session, PlaceRemoved(place_id=place.id, restaurant_id=place.restaurant_id))
    await session.delete(place)


async def remove_many(session: AsyncSession, principal: Principal, place_ids: list[int]) -> list[Place]:
    """Remove the places that have no open orders; answers those kept (spec: `active_locations`)."""
    places = await visible(session, principal, place_ids)
    kept = []
    for place in places:
        if place.active:
            kept.append(place)
            continue
        add_event(session, PlaceRemoved(place_id=place.id, restaurant_id=place.restaurant_id))
        await session.delete(place)
    return kept


async def is_active(session: AsyncSession, principal: Principal, place_id: int) -> bool:
    places = await repository.get_visible(session, principal, [place_id])
    if not places:
        raise PlaceNotFound()
    return places[0].active


async def new_code(session: AsyncSession, principal: Principal, place_id: int) -> Place:
    """A lost or copied sticker: the place gets a new token; the old code then says it is no longer valid."""
    (place,) = await visible(session, principal, [place_id])
    session.add(RevokedToken(token_hash=token_hash(place.token), place_id=place.id))
    place.token = new_token()
    add_event(session, PlaceChanged(**_facts(place)))
    return place


async def by_token(session: AsyncSession, token: str, *, lock: bool = False, repository=repository) -> Place:
    """The place a code opens; 410 for a replaced code, 404 for any other. `repository`: where
    places are looked up (floor.place.repository; the unit tests give a fake)."""
    place = await repository.by_token(session, token, lock=lock)
    if place is not None:
        return place
    if await repository.is_revoked(session, token_hash(token)):
        raise PlaceTokenRevoked()
    raise PlaceNotFound()


async def for_diner(session: AsyncSession, token: str) -> PlaceForDiner:
    place = await by_token(session, token)
    menus = await repository.menu_names(session, {place.menu_id})
    return PlaceForDiner(
        id=place.id, fk_resto=place.restaurant_id, restaurant_name=await repository.restaurant_name(session, place.restaurant_id),
        i_name=place.name, sit_type=place.kind, fk_menu=place.menu_id, menu_name=menus.get(place.menu_id, ""),
        admin=place.admin, blocked=place.blocked,
    )
