"""Who may listen to what: sockets authorized at connection and checked again while they live
(every socket of the process in one batch: one query for the staff's memberships, one for the
phones' places, one for the tracking pages' orders, one Redis round trip for the tokens), and what
a reconnecting socket missed."""
import time
from collections import defaultdict
from datetime import UTC, datetime
from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import Integer, any_, bindparam, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.live import DinerAuth, SocketAuth, StaffAuth, TrackingAuth
from kit.auth import ADMIN, OPERATOR, OWNER, RevocationStore
from kit.membership import RestaurantMember, member_restaurant_ids
from kit.tokens import InvalidToken, Principal, TokenVerifier
from notifications.live import errors
from notifications.live.errors import Closure, Refused
from notifications.delivery import repository as deliveries
from notifications.delivery.service import live, tracking_hash
from notifications.live.scope import DinerScope, StaffScope, TrackingScope
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
    return DinerScope(place.restaurant_id, place.place_id, place.menu_id, place.token_hash, since, joined=since)


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
        now = DinerScope(place.restaurant_id, place.place_id, place.menu_id, place.token_hash, since, joined=scope.joined)
        verdicts.append(scope if now == scope else now)
    return verdicts


async def tracking_scope(session: AsyncSession, hello: TrackingAuth, hours: int) -> TrackingScope:
    """A tracking page's order, by its token: refused when unknown or `hours` past its closing
    (the same refusal: an expired token says nothing more than a wrong one)."""
    token_hash = tracking_hash(hello.tracking_token)
    delivery = (await deliveries.by_token_hashes(session, [token_hash])).get(token_hash)
    if not live(delivery, hours, datetime.now(UTC)):
        raise Refused(errors.TRACKING_UNKNOWN)
    return TrackingScope(delivery.restaurant_id, delivery.delivery_id, token_hash, delivery.closed_at)


async def recheck_tracking(session: AsyncSession, scopes: Sequence[TrackingScope], hours: int) -> list[TrackingScope | Closure]:
    """Each tracking page's scope now, or `tracking_closed` once its time ran out (its order closed
    `hours` ago) or its restaurant went."""
    found = await deliveries.by_token_hashes(session, [scope.token_hash for scope in scopes])
    now = datetime.now(UTC)
    verdicts: list[TrackingScope | Closure] = []
    for scope in scopes:
        delivery = found.get(scope.token_hash)
        if not live(delivery, hours, now) or delivery.delivery_id != scope.delivery_id:
            verdicts.append(errors.TRACKING_CLOSED)
        else:
            verdicts.append(TrackingScope(delivery.restaurant_id, delivery.delivery_id, scope.token_hash, delivery.closed_at))
    return verdicts


async def catch_up(
    session: AsyncSession, scope: StaffScope | DinerScope | TrackingScope, hello: SocketAuth, limit: int
) -> tuple[list[Message], dict[int, int], bool]:
    """What the socket missed after its last seen ids (the newest `limit` of it), each of its
    restaurants' newest id now, and whether the screen must reload its state instead (more was
    missed, or a last seen id is unknown here).

    Ids are in commit order within a restaurant only, so what was missed is read per restaurant,
    after the id last seen of that restaurant (`last_ids`; `last_id` for the others)."""
    heads = {restaurant_id: head_id for restaurant_id, (_, head_id) in (await repository.heads(session, scope.restaurants)).items()}
    seen_of = getattr(hello, "last_ids", None) or {}
    # An id this server never gave (a reset database): above the restaurant's newest, or, for the
    # one `last_id` of every restaurant, above the newest of all.
    resync = hello.last_id is not None and hello.last_id > max(heads.values(), default=0)
    bounds: dict[int, tuple[int, int]] = {}
    for restaurant_id, head_id in heads.items():
        seen = seen_of.get(str(restaurant_id), hello.last_id)
        if seen is None:
            continue  # a first connection: nothing to catch up on
        if str(restaurant_id) in seen_of and seen > head_id:
            resync = True
        elif seen < head_id:
            bounds[restaurant_id] = (seen, head_id)
    if not bounds:
        return [], heads, resync
    if isinstance(scope, TrackingScope):  # nothing replayed: the page reads its order again
        return [], heads, True
    missed, more = await repository.newest_in(session, scope.audiences(bounds), limit)
    return missed, heads, resync or more
