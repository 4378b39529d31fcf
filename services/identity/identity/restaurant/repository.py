"""Restaurant queries, scoped to what the caller may see."""
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.operator.models import Operator
from identity.restaurant.models import Restaurant
from identity.user.models import User
from kit.auth import ADMIN, OPERATOR, OWNER
from identity.listing import real_id
from kit.errors import NotFound
from kit.pagination import Paging, contains, fetch_page, ordered
from kit.tokens import Principal


def readable(principal: Principal) -> Select:
    """Restaurants the caller may read: an owner's own, an operator's one, every one for admins."""
    query = select(Restaurant)
    if principal.in_group(ADMIN):
        return query
    if principal.in_group(OWNER):
        return query.where(Restaurant.owner_id == principal.user_id)
    if principal.in_group(OPERATOR):
        return query.join(Operator, Operator.restaurant_id == Restaurant.id).where(Operator.user_id == principal.user_id)
    return query.where(False)


async def get_readable(session: AsyncSession, principal: Principal, restaurant_id: int) -> Restaurant:
    if not real_id(restaurant_id):
        raise NotFound()
    restaurant = await session.scalar(readable(principal).where(Restaurant.id == restaurant_id))
    if restaurant is None:
        raise NotFound()
    return restaurant


async def get_owned(session: AsyncSession, principal: Principal, restaurant_id: int, *, lock: bool = False) -> Restaurant:
    """A restaurant the caller may change: its owner's (or any, for an admin)."""
    if not real_id(restaurant_id):
        raise NotFound()
    query = select(Restaurant).where(Restaurant.id == restaurant_id)
    if not principal.in_group(ADMIN):
        query = query.where(Restaurant.owner_id == principal.user_id)
    if lock:
        query = query.with_for_update()
    restaurant = await session.scalar(query)
    if restaurant is None:
        raise NotFound()
    return restaurant


async def name_taken(session: AsyncSession, owner_id: int, name: str, exclude_id: int | None = None) -> bool:
    """Whether the owner has another restaurant of this name, whatever the case."""
    query = select(Restaurant.id).where(
        Restaurant.owner_id == owner_id, func.lower(Restaurant.nombre_local) == name.strip().lower()
    )
    if exclude_id is not None:
        query = query.where(Restaurant.id != exclude_id)
    return await session.scalar(query.limit(1)) is not None


ORDERING = {
    "nombre_local": Restaurant.nombre_local,
    "direccion": Restaurant.direccion,
    "id_resto": Restaurant.id,
    "created_at": Restaurant.created_at,
}


def search_and_order(query: Select, search: str | None, ordering: str | None) -> Select:
    query = query.where(contains(search, Restaurant.nombre_local, Restaurant.direccion))
    return ordered(query, ordering, ORDERING, default=Restaurant.id, tiebreak=Restaurant.id)


async def page(session: AsyncSession, query: Select, paging: Paging) -> tuple[int, list[Restaurant]]:
    return await fetch_page(session, query, paging, scalars=True)


async def owners(session: AsyncSession, restaurants: list[Restaurant]) -> dict[int, User]:
    ids = {r.owner_id for r in restaurants}
    if not ids:
        return {}
    return {u.id: u for u in (await session.scalars(select(User).where(User.id.in_(ids)))).all()}


async def operator_user_ids(session: AsyncSession, restaurant_id: int) -> list[int]:
    return list(await session.scalars(select(Operator.user_id).where(Operator.restaurant_id == restaurant_id)))
