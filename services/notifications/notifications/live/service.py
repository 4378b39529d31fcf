"""Who may listen to what: sockets authorized at connection and checked again while they live,
and what a reconnecting socket missed."""
import time

from sqlalchemy.ext.asyncio import AsyncSession

from kit.auth import ADMIN, OPERATOR, OWNER, RevocationStore
from kit.membership import member_restaurant_ids
from kit.tokens import InvalidToken, Principal, TokenVerifier
from notifications.live import errors
from notifications.live.errors import Refused
from notifications.live.schemas import DinerAuth, StaffAuth
from notifications.live.scope import DinerScope, StaffScope
from notifications.notification import repository
from notifications.notification.message import Message
from notifications.place import repository as places
from notifications.place.service import token_hash


async def staff_scope(
    session: AsyncSession, verifier: TokenVerifier, revocations: RevocationStore, hello: StaffAuth
) -> StaffScope:
    try:
        principal = verifier.verify(hello.token)
    except InvalidToken:
        raise Refused(errors.INVALID_TOKEN)
    if await revocations.is_revoked(principal):
        raise Refused(errors.INVALID_TOKEN)
    if not principal.in_group(ADMIN, OWNER, OPERATOR):
        raise Refused(errors.PERMISSION_DENIED)
    return StaffScope(principal, hello.fk_resto, await _restaurants(session, principal, hello.fk_resto))


async def _restaurants(session: AsyncSession, principal: Principal, chosen: int | None) -> frozenset[int]:
    """The chosen restaurant if the user works there (admins choose any), else all of theirs."""
    if principal.in_group(ADMIN):
        if chosen is None:
            raise Refused(errors.RESTAURANT_REQUIRED)
        return frozenset((chosen,))
    mine = frozenset(await member_restaurant_ids(session, principal))
    allowed = mine if chosen is None else mine & {chosen}
    if not allowed:
        raise Refused(errors.PERMISSION_DENIED)
    return allowed


async def recheck_staff(session: AsyncSession, revocations: RevocationStore, scope: StaffScope) -> StaffScope:
    """The socket's scope now: refused once the token is revoked or expired, or the user no
    longer works at its restaurants; restaurants gained since are added."""
    if scope.principal.expires_at <= time.time():
        raise Refused(errors.TOKEN_EXPIRED)
    if await revocations.is_revoked(scope.principal):
        raise Refused(errors.TOKEN_REVOKED)
    restaurants = await _restaurants(session, scope.principal, scope.chosen)
    return scope if restaurants == scope.restaurants else StaffScope(scope.principal, scope.chosen, restaurants)


async def diner_scope(session: AsyncSession, hello: DinerAuth) -> DinerScope:
    place = await places.by_token_hash(session, token_hash(hello.place_token))
    if place is None:
        raise Refused(errors.PLACE_UNKNOWN)
    return DinerScope(place.restaurant_id, place.place_id, place.menu_id, place.token_hash)


async def recheck_diner(session: AsyncSession, scope: DinerScope) -> DinerScope:
    """Refused once the place's token was replaced or the place removed; follows its menu."""
    place = await places.by_token_hash(session, scope.token_hash)
    if place is None or place.place_id != scope.place_id:
        raise Refused(errors.PLACE_CLOSED)
    return scope if place.menu_id == scope.menu_id else DinerScope(place.restaurant_id, place.place_id, place.menu_id, place.token_hash)


async def catch_up(
    session: AsyncSession, scope: StaffScope | DinerScope, last_id: int | None, limit: int
) -> tuple[list[Message], int, bool]:
    """What the socket missed after `last_id` (the newest `limit` of it), the newest id now, and
    whether the screen must reload its state instead (more was missed, or `last_id` is unknown here)."""
    head = await repository.head(session)
    if last_id is None:
        return [], head, False
    if last_id > head:
        return [], head, True
    missed, more = await repository.newest_in(session, scope.audience(), last_id, head, limit)
    return missed, head, more
