"""Keep the projections current from identity's events, in any order and more than once."""
from sqlalchemy.ext.asyncio import AsyncSession

from billing.fee import service as fee
from billing.store import Store
from contracts import identity


async def on_restaurant_profile(session: AsyncSession, event: identity.RestaurantProfile) -> None:
    store = Store(session)
    await store.projections.keep_restaurant({
        "restaurant_id": event.restaurant_id, "owner_id": event.owner_id, "nombre_local": event.nombre_local,
        "tips": event.tips, "deleted": False, "updated_at": event.occurred_at,
    })
    if isinstance(event, identity.RestaurantCreated):
        # its creation starts the owner's free month (if it is the first) and its fee
        await store.projections.keep_creation(event.restaurant_id, event.nombre_local, event.occurred_at)
        await fee.inherit(store, event.restaurant_id, event.owner_id, event.occurred_at)


async def on_restaurant_deleted(session: AsyncSession, event: identity.RestaurantDeleted) -> None:
    # The name stays: a deleted restaurant may still owe commission.
    await Store(session).projections.keep_restaurant({
        "restaurant_id": event.restaurant_id, "owner_id": event.owner_id, "deleted": True,
        "updated_at": event.occurred_at,
    })


async def on_user_registered(session: AsyncSession, event: identity.UserRegistered) -> None:
    await Store(session).projections.keep_user({
        "user_id": event.user_id, "username": event.username, "updated_at": event.occurred_at,
    })
