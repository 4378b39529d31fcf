"""The admin's rows across every restaurant: restaurant, owner and order activity together."""
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from sqlalchemy import Select, case, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from identity.admin.models import RestaurantActivity
from identity.restaurant.models import Restaurant
from identity.user.models import User
from kit.pagination import Paging, contains, fetch_page, ordered

if TYPE_CHECKING:
    from identity.admin.service import Tally

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


async def restaurants_among(session: AsyncSession, restaurant_ids: Iterable[int]) -> set[int]:
    wanted = sorted(set(restaurant_ids))
    return set(await session.scalars(select(Restaurant.id).where(Restaurant.id.in_(wanted)))) if wanted else set()


async def add_activity(session: AsyncSession, tallies: "Mapping[int, Tally]") -> None:
    """Add each restaurant's orders to its count in one statement; a tally's newest order replaces
    the 'last order' only if it is newer (batches arrive in any order). Rows in id order: two
    batches never wait on each other in a circle."""
    if not tallies:
        return
    table = RestaurantActivity.__table__
    statement = insert(table)  # rows as parameters, not `.values()`: the statement keeps its cache key
    newer = (table.c.last_order_at.is_(None)) | (statement.excluded.last_order_at >= table.c.last_order_at)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[table.c.restaurant_id],
            set_={
                "total_orders": table.c.total_orders + statement.excluded.total_orders,
                **{column: case((newer, statement.excluded[column]), else_=table.c[column])
                   for column in ("last_order_at", "last_order_user", "last_order_dish")},
            },
        ),
        [{"restaurant_id": restaurant_id, "total_orders": t.orders, "last_order_at": t.last_order_at,
          "last_order_user": t.last_order_user, "last_order_dish": t.last_order_dish}
         for restaurant_id, t in sorted(tallies.items())],
    )
