"""Keep the projections current from identity's events, in any order and more than once."""
from sqlalchemy import case, func, or_, update
from sqlalchemy.ext.asyncio import AsyncSession

from billing.fee import service as fee
from billing.projections.models import RestaurantFacts, UserFacts
from contracts import identity
from kit.db import upsert_unless_older


async def on_restaurant_profile(session: AsyncSession, event: identity.RestaurantProfile) -> None:
    await upsert_unless_older(session, RestaurantFacts, "restaurant_id", {
        "restaurant_id": event.restaurant_id, "owner_id": event.owner_id, "nombre_local": event.nombre_local,
        "tips": event.tips, "deleted": False, "updated_at": event.occurred_at,
    })
    if isinstance(event, identity.RestaurantCreated):
        # The creation's time starts the free month whatever arrived before it (a newer update, or
        # the deletion's tombstone, which has no name), so it fills what the row lacks. A creation
        # announced again with an earlier time (the local demo's restaurant, backdated by identity's
        # seed) moves it back; a later one never moves it forward.
        await session.execute(
            update(RestaurantFacts)
            .where(RestaurantFacts.restaurant_id == event.restaurant_id,
                   or_(RestaurantFacts.opened_at.is_(None), RestaurantFacts.nombre_local == "",
                       RestaurantFacts.opened_at > event.occurred_at))
            .values(
                opened_at=func.least(RestaurantFacts.opened_at, event.occurred_at),
                nombre_local=case((RestaurantFacts.nombre_local == "", event.nombre_local), else_=RestaurantFacts.nombre_local),
            )
        )
        await fee.inherit(session, event.restaurant_id, event.owner_id, event.occurred_at)


async def on_restaurant_deleted(session: AsyncSession, event: identity.RestaurantDeleted) -> None:
    # The name stays: a deleted restaurant may still owe commission.
    await upsert_unless_older(session, RestaurantFacts, "restaurant_id", {
        "restaurant_id": event.restaurant_id, "owner_id": event.owner_id, "deleted": True,
        "updated_at": event.occurred_at,
    })


async def on_user_registered(session: AsyncSession, event: identity.UserRegistered) -> None:
    await upsert_unless_older(session, UserFacts, "user_id", {
        "user_id": event.user_id, "username": event.username, "updated_at": event.occurred_at,
    })
