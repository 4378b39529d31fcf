"""Reads of the projections."""
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import and_, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from billing.projections.models import RestaurantFacts
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.errors import NotFound
from kit.membership import RestaurantMember, ensure_restaurant_access
from kit.tokens import Principal


async def openings(session: AsyncSession, restaurant_ids: Iterable[int]) -> dict[int, datetime]:
    """When each restaurant's free month started, for those whose creation billing has learned: the
    creation of its owner's first restaurant (a deleted one included), since the licence's free
    month is the owner's, once; opening another restaurant does not start a new one."""
    own, first = aliased(RestaurantFacts), aliased(RestaurantFacts)
    rows = await session.execute(
        select(own.restaurant_id, func.coalesce(func.min(first.opened_at), own.opened_at))
        .outerjoin(first, and_(own.owner_id != 0, first.owner_id == own.owner_id, first.opened_at.is_not(None)))
        .where(own.restaurant_id.in_(set(restaurant_ids)), own.opened_at.is_not(None))
        .group_by(own.restaurant_id, own.opened_at)
    )
    return dict(rows.all())


async def ensure_restaurant(
    session: AsyncSession, principal: Principal, restaurant_id: int, roles: tuple[int, ...] = (OWNER, OPERATOR)
) -> None:
    """The caller may act on the restaurant with one of `roles` (a foreign one is a 404); for an
    admin, who passes every membership check, the restaurant must exist."""
    await ensure_restaurant_access(session, principal, restaurant_id, roles)
    if principal.in_group(ADMIN):
        await ensure_known(session, restaurant_id)


async def ensure_known(session: AsyncSession, restaurant_id: int) -> None:
    """404 unless identity has announced the restaurant (its profile or a membership): an admin may
    name any id, and one that never existed must not look like a restaurant without sales."""
    known = await session.scalar(select(or_(
        exists().where(RestaurantFacts.restaurant_id == restaurant_id),
        exists().where(RestaurantMember.restaurant_id == restaurant_id),
    )))
    if not known:
        raise NotFound()


async def restaurant_facts(session: AsyncSession, restaurant_id: int) -> RestaurantFacts | None:
    """What identity announced of the restaurant (its name, creation, tips), if anything."""
    return await session.get(RestaurantFacts, restaurant_id)
