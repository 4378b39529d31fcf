"""Every query of the projections (what billing knows of identity), and the access checks over
them."""
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import case, exists, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from billing.ledger.rules import Opening, free_months
from billing.projections.models import RestaurantFacts, UserFacts
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.db import upsert_unless_older
from kit.errors import NotFound
from kit.membership import RestaurantMember, ensure_restaurant_access
from kit.tokens import Principal


class ProjectionRepository:
    def __init__(self, session: AsyncSession):
        self.session = session

    # ---------------------------------------------------------------- writing (identity's events)
    async def keep_restaurant(self, values: dict) -> None:
        """A restaurant's facts, unless a newer event's are kept."""
        await upsert_unless_older(self.session, RestaurantFacts, "restaurant_id", values)

    async def keep_creation(self, restaurant_id: int, nombre_local: str, occurred_at: datetime) -> None:
        """The creation's time starts the free month whatever arrived before it (a newer update, or
        the deletion's tombstone, which has no name), so it fills what the row lacks. A creation
        announced again with an earlier time (the local demo's restaurant, backdated by identity's
        seed) moves it back; a later one never moves it forward."""
        await self.session.execute(
            update(RestaurantFacts)
            .where(RestaurantFacts.restaurant_id == restaurant_id,
                   or_(RestaurantFacts.opened_at.is_(None), RestaurantFacts.nombre_local == "",
                       RestaurantFacts.opened_at > occurred_at))
            .values(
                opened_at=func.least(RestaurantFacts.opened_at, occurred_at),
                nombre_local=case((RestaurantFacts.nombre_local == "", nombre_local), else_=RestaurantFacts.nombre_local),
            )
        )

    async def keep_user(self, values: dict) -> None:
        await upsert_unless_older(self.session, UserFacts, "user_id", values)

    # ---------------------------------------------------------------- reading
    async def openings(self, restaurant_ids: Iterable[int]) -> dict[int, datetime]:
        """When each restaurant's free month started, for those whose creation billing has learned
        (`rules.free_months`: the owner's first restaurant's creation): the restaurants asked for and
        every other restaurant of their owners, deleted ones included."""
        ids = set(restaurant_ids)
        if not ids:
            return {}
        owners = select(RestaurantFacts.owner_id).where(RestaurantFacts.restaurant_id.in_(ids), RestaurantFacts.owner_id != 0)
        rows = await self.session.execute(
            select(RestaurantFacts.restaurant_id, RestaurantFacts.owner_id, RestaurantFacts.opened_at)
            .where(or_(RestaurantFacts.restaurant_id.in_(ids), RestaurantFacts.owner_id.in_(owners)))
        )
        return free_months((Opening(*row) for row in rows), ids)

    async def restaurant_facts(self, restaurant_id: int) -> RestaurantFacts | None:
        """What identity announced of the restaurant (its name, creation, tips), if anything."""
        return await self.session.get(RestaurantFacts, restaurant_id)

    async def ensure_restaurant(self, principal: Principal, restaurant_id: int,
                                roles: tuple[int, ...] = (OWNER, OPERATOR)) -> None:
        """The caller may act on the restaurant with one of `roles` (a foreign one is a 404); for an
        admin, who passes every membership check, the restaurant must exist."""
        await ensure_restaurant_access(self.session, principal, restaurant_id, roles)
        if principal.in_group(ADMIN):
            await self.ensure_known(restaurant_id)

    async def ensure_known(self, restaurant_id: int) -> None:
        """404 unless identity has announced the restaurant (its profile or a membership): an admin may
        name any id, and one that never existed must not look like a restaurant without sales."""
        known = await self.session.scalar(select(or_(
            exists().where(RestaurantFacts.restaurant_id == restaurant_id),
            exists().where(RestaurantMember.restaurant_id == restaurant_id),
        )))
        if not known:
            raise NotFound()
