"""The restaurant's public profile and lifetime, from identity's events."""
import re

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.changes import mark_stale
from catalog.menu import repository as menus
from catalog.menu.service import delete_menus
from catalog.restaurant.models import RestaurantProfile
from contracts.identity import RestaurantDeleted, RestaurantProfile as ProfileEvent
from kit.db import upsert_unless_older

WHATSAPP_LINK = re.compile(r"^https://wa\.me/\d+$")


def order_enabled(profile: RestaurantProfile | None, delivery_menu: bool) -> bool:
    """Diners may order from a menu's link only if it is the restaurant's delivery / take-away menu,
    the restaurant's WhatsApp is a wa.me link, take-away is on and orders are not stopped (spec part
    2 'Diner order flow'; ordering refuses the same orders with the same rule)."""
    return bool(
        delivery_menu
        and profile is not None
        and WHATSAPP_LINK.match(profile.whatsapp or "")
        and profile.takeaway
        and not profile.stop_orders
    )


async def on_restaurant_profile(session: AsyncSession, event: ProfileEvent) -> None:
    """Created or updated: keep the newest profile (an older event arriving late changes nothing)."""
    values = {
        "nombre_local": event.nombre_local,
        "logo": event.logo,
        "whatsapp": event.whatsapp,
        "takeaway": event.takeaway,
        "stop_orders": event.stop_orders,
        "horario_apertura": event.horario_apertura,
        "horario_cierre": event.horario_cierre,
        "updated_at": event.occurred_at,
    }
    await upsert_unless_older(session, RestaurantProfile, "restaurant_id", {"restaurant_id": event.restaurant_id, **values})
    mark_stale(session, [m.id for m in await menus.of_restaurant(session, event.restaurant_id)])


async def on_restaurant_deleted(session: AsyncSession, event: RestaurantDeleted) -> None:
    """The restaurant's menus, categories, dishes and public profile go with it."""
    await session.execute(delete(RestaurantProfile).where(RestaurantProfile.restaurant_id == event.restaurant_id))
    await delete_menus(session, await menus.of_restaurant(session, event.restaurant_id))
