"""Who may listen to what: sockets authorized at connection and checked again while they live
(every socket of the process in one batch: one query for the staff's memberships, one for the
phones' places, one Redis round trip for the tokens), and what a reconnecting socket missed."""
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import Integer, any_, bindparam, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from kit.auth import ADMIN, OPERATOR, OWNER, RevocationStore
from kit.membership import RestaurantMember, member_restaurant_ids
from kit.tokens import InvalidToken, Principal, TokenVerifier
from notifications.live import errors
from notifications.live.errors import Closure, Refused
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
    mine = () if principal.in_group(ADMIN) else await member_restaurant_ids(session, principal)
    return StaffScope(principal, hello.fk_resto, _allowed(principal, hello.fk_resto, mine))


def _allowed(principal: Principal, chosen: int | None, mine: Sequence[int]) -> frozenset[int]:
    """The chosen restaurant if the user works there (admins choose any), else all of theirs."""
    if principal.in_group(ADMIN):
        if chosen is None:
            raise Refused(errors.RESTAURANT_REQUIRED)
        return frozenset((chosen,))
    allowed = frozenset(mine) if chosen is None else frozenset(mine) & {chosen}
    if not allowed:
        raise Refused(errors.PERMISSION_DENIED)
    return allowed


async def _memberships(session: AsyncSession, user_ids: Sequence[int]) -> dict[int, list[int]]:
    """Every user's restaurants (as `kit.membership.member_restaurant_ids`), in one query."""
    if not user_ids:
        return {}
    rows = await session.execute(
        select(RestaurantMember.user_id, RestaurantMember.restaurant_id).where(
            RestaurantMember.user_id == any_(bindparam("users", sorted(set(user_ids)), type_=ARRAY(Integer))),
            RestaurantMember.active,
        )
    )
    mine: dict[int, list[int]] = defaultdict(list)
    for user_id, restaurant_id in rows.tuples():
        mine[user_id].append(restaurant_id)
    return mine


async def recheck_staff(
    session: AsyncSession, revocations: RevocationStore, scopes: Sequence[StaffScope]
) -> list[StaffScope | Closure]:
    """Each socket's scope now, or why it closes: its token revoked or expired, or its user no
    longer working at its restaurants (restaurants gained since are added). A revocation that
    cannot be known yet (Redis's copy being written back) leaves the socket as it is until a
    later round."""
    now = time.time()
    is_revoked = await revocations.revoked_many([scope.principal for scope in scopes])
    mine = await _memberships(session, [s.principal.user_id for s in scopes if not s.principal.in_group(ADMIN)])
    verdicts: list[StaffScope | Closure] = []
    for scope, gone in zip(scopes, is_revoked):
        if scope.principal.expires_at <= now:
            verdicts.append(errors.TOKEN_EXPIRED)
        elif gone:
            verdicts.append(errors.TOKEN_REVOKED)
        else:
            try:
                restaurants = _allowed(scope.principal, scope.chosen, mine.get(scope.principal.user_id, ()))
            except Refused as refusal:
                verdicts.append(refusal.closure)
                continue
            verdicts.append(scope if restaurants == scope.restaurants else replace(scope, restaurants=restaurants))
    return verdicts


async def diner_scope(session: AsyncSession, hello: DinerAuth) -> DinerScope:
    found = await places.by_token_hash(session, token_hash(hello.place_token))
    if found is None:
        raise Refused(errors.PLACE_UNKNOWN)
    place, since = found
    return DinerScope(place.restaurant_id, place.place_id, place.menu_id, place.token_hash, since)


async def recheck_diners(session: AsyncSession, scopes: Sequence[DinerScope]) -> list[DinerScope | Closure]:
    """Each phone's scope now, or `place_closed` once its token was replaced or its place removed;
    it follows the place's menu and sitting."""
    found = await places.by_token_hashes(session, [scope.token_hash for scope in scopes])
    verdicts: list[DinerScope | Closure] = []
    for scope in scopes:
        place, since = found.get(scope.token_hash, (None, None))
        if place is None or place.place_id != scope.place_id:
            verdicts.append(errors.PLACE_CLOSED)
            continue
        if scope.since is not None and (since is None or since < scope.since):
            since = scope.since  # learnt from the stream before this read; never moves back
        now = DinerScope(place.restaurant_id, place.place_id, place.menu_id, place.token_hash, since)
        verdicts.append(scope if now == scope else now)
    return verdicts


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
    missed, more = await repository.newest_in(session, scope.audiences(), last_id, head, limit)
    return missed, head, more
