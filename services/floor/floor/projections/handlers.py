"""Keep floor's projections current from catalog's, identity's and ordering's events.

Every write is guarded by the event's `occurred_at`, so events may arrive in any order and more
than once.
"""
from sqlalchemy import delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from contracts import catalog, identity, ordering
from floor.place.models import Place
from floor.projections.models import MenuFacts, RestaurantFacts
from floor.waiter.service import clear_call
from kit.db import upsert_unless_older
from kit.outbox import add_event


async def on_menu_facts(session: AsyncSession, event: catalog.MenuFacts) -> None:
    await upsert_unless_older(session, MenuFacts, "menu_id", {
        "menu_id": event.menu_id, "restaurant_id": event.restaurant_id, "name": event.name,
        "deleted": False, "updated_at": event.occurred_at,
    })


async def on_menu_deleted(session: AsyncSession, event: catalog.MenuDeleted) -> None:
    await upsert_unless_older(session, MenuFacts, "menu_id", {
        "menu_id": event.menu_id, "restaurant_id": event.restaurant_id, "name": "",
        "deleted": True, "updated_at": event.occurred_at,
    })


async def on_restaurant_profile(session: AsyncSession, event: identity.RestaurantProfile) -> None:
    await upsert_unless_older(session, RestaurantFacts, "restaurant_id", {
        "restaurant_id": event.restaurant_id, "nombre_local": event.nombre_local, "updated_at": event.occurred_at,
    })


async def on_restaurant_deleted(session: AsyncSession, event: identity.RestaurantDeleted) -> None:
    # Its printed codes must stop opening anything; every other service forgets the restaurant itself.
    await session.execute(delete(Place).where(Place.restaurant_id == event.restaurant_id))


async def _set_activity(session: AsyncSession, event: ordering.PlaceActivity, active: bool) -> None:
    await session.execute(
        update(Place)
        .where(
            Place.id == event.place_id,
            Place.restaurant_id == event.restaurant_id,
            or_(Place.activity_at.is_(None), Place.activity_at <= event.occurred_at),
        )
        .values(active=active, activity_at=event.occurred_at)
    )


async def on_place_activated(session: AsyncSession, event: ordering.PlaceActivated) -> None:
    await _set_activity(session, event, True)


async def on_place_released(session: AsyncSession, event: ordering.PlaceReleased) -> None:
    await _set_activity(session, event, False)


async def on_table_freed(session: AsyncSession, event: ordering.TableFreed) -> None:
    """A freed table is unblocked and its pending call is over (spec part 2 §4 'free table')."""
    await _reset(session, event.restaurant_id, event.place_id)


async def on_tab_closed(session: AsyncSession, event: ordering.TabClosed) -> None:
    """A payment that left the table no open order resets it: no call, not blocked (spec part 2 §4
    'Table display status'). Freeing a table closes its tab too: the second reset finds nothing to do."""
    await _reset(session, event.restaurant_id, event.place_id)


async def _reset(session: AsyncSession, restaurant_id: int, place_id: int) -> None:
    place = await session.scalar(
        select(Place).where(Place.id == place_id, Place.restaurant_id == restaurant_id).with_for_update()
    )
    if place is None:
        return
    place.blocked = False
    if cleared := clear_call(place):
        add_event(session, cleared)
