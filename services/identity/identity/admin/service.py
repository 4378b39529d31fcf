"""The admin's views across every restaurant: the restaurants list and the dashboard."""
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.ordering import OrderPlaced
from identity.admin import repository
from identity.admin.models import RestaurantActivity
from identity.restaurant import service as restaurants
from identity.restaurant.models import Restaurant
from identity.user.models import User

def _activity(activity: RestaurantActivity | None) -> dict:
    return {
        "num_orders": activity.total_orders if activity else 0,
        "last_order": None
        if activity is None or activity.last_order_at is None
        else {"creation_date": activity.last_order_at, "fk_dish": activity.last_order_dish, "fk_user_client": activity.last_order_user},
    }


def restaurant_row(restaurant: Restaurant, owner: User, activity: RestaurantActivity | None) -> dict:
    return {**restaurants.public(restaurant, owner), **_activity(activity)}


def dashboard_row(restaurant: Restaurant, owner: User, activity: RestaurantActivity | None) -> dict:
    return {
        "id": owner.id,
        "username": owner.username,
        "date_joined": owner.date_joined,
        "id_resto": restaurant.id,
        "nombre_local": restaurant.nombre_local,
        "last_login": owner.last_login,
        **_activity(activity),
    }


@dataclass(frozen=True)
class Tally:
    """A batch's orders of one restaurant: how many, and the newest one's facts."""

    orders: int
    last_order_at: datetime
    last_order_user: str
    last_order_dish: str


def tally(events: Iterable[OrderPlaced]) -> dict[int, Tally]:
    """Each restaurant's orders among `events`; the newest fills 'last order', whatever the arrival order."""
    tallies: dict[int, Tally] = {}
    for event in events:
        seen = tallies.get(event.restaurant_id)
        newest = seen is None or event.placed_at >= seen.last_order_at
        tallies[event.restaurant_id] = Tally(
            orders=(seen.orders if seen else 0) + 1,
            last_order_at=event.placed_at if newest else seen.last_order_at,
            last_order_user=event.placed_by if newest else seen.last_order_user,
            last_order_dish=event.first_dish_name if newest else seen.last_order_dish,
        )
    return tallies


async def record_orders(session: AsyncSession, events: Sequence[OrderPlaced]) -> None:
    """Count a batch of orders in one statement (the dashboard needs only the count and the newest
    order, so a batch adds up before it writes); a restaurant identity no longer has is skipped."""
    tallies = tally(events)
    known = await repository.restaurants_among(session, tallies)
    await repository.add_activity(session, {restaurant_id: found for restaurant_id, found in tallies.items() if restaurant_id in known})
