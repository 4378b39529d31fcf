"""The admin's views across every restaurant: the restaurants list and the dashboard."""
from sqlalchemy.ext.asyncio import AsyncSession

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


async def record_order(session: AsyncSession, restaurant_id: int, placed_at, client: str, dish: str) -> None:
    """Count one order; the newest one fills the 'last order' columns, whatever the arrival order."""
    if await session.get(Restaurant, restaurant_id) is None:
        return
    activity = await session.get(RestaurantActivity, restaurant_id, with_for_update=True)
    if activity is None:
        activity = RestaurantActivity(restaurant_id=restaurant_id, total_orders=0)
        session.add(activity)
    activity.total_orders += 1
    if activity.last_order_at is None or placed_at >= activity.last_order_at:
        activity.last_order_at, activity.last_order_user, activity.last_order_dish = placed_at, client, dish
