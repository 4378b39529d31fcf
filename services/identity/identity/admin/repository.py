"""The admin's rows across every restaurant: restaurant, owner and order activity together."""
from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.admin.models import RestaurantActivity
from identity.restaurant.models import Restaurant
from identity.user.models import User
from kit.pagination import Paging, contains, fetch_page, ordered

ORDERING = {
    "id": User.id,
    "username": User.username,
    "date_joined": User.date_joined,
    "nombre_local": Restaurant.nombre_local,
    "last_login": User.last_login,
    "last_order": RestaurantActivity.last_order_at,
    "last_order_user": RestaurantActivity.last_order_user,
    "num_orders": RestaurantActivity.total_orders,
}


def rows(search: str | None, ordering: str | None) -> Select:
    query = (
        select(Restaurant, User, RestaurantActivity)
        .join(User, User.id == Restaurant.owner_id)
        .outerjoin(RestaurantActivity, RestaurantActivity.restaurant_id == Restaurant.id)
        .where(contains(search, Restaurant.nombre_local, User.username, User.email))
    )
    return ordered(query, ordering, ORDERING, default=Restaurant.id, tiebreak=Restaurant.id)


async def page(session: AsyncSession, search: str | None, ordering: str | None, paging: Paging) -> tuple[int, list]:
    return await fetch_page(session, rows(search, ordering), paging)
