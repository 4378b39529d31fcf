"""Restaurant queries, scoped to what the caller may see."""
from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.operator.models import Operator
from identity.restaurant.models import Restaurant
from identity.user.models import User
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.errors import NotFound
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
    restaurant = await session.scalar(readable(principal).where(Restaurant.id == restaurant_id))
    if restaurant is None:
        raise NotFound()
    return restaurant


async def get_owned(session: AsyncSession, principal: Principal, restaurant_id: int, *, lock: bool = False) -> Restaurant:
    """A restaurant the caller may change: its owner's (or any, for an admin)."""
    query = select(Restaurant).where(Restaurant.id == restaurant_id)
    if not principal.in_group(ADMIN):
        query = query.where(Restaurant.owner_id == principal.user_id)
    if lock:
        query = query.with_for_update()
    restaurant = await session.scalar(query)
    if restaurant is None:
        raise NotFound()
    return restaurant


ORDERING = {
    "nombre_local": Restaurant.nombre_local,
    "direccion": Restaurant.direccion,
    "id_resto": Restaurant.id,
    "created_at": Restaurant.created_at,
}


def search_and_order(query: Select, search: str | None, ordering: str | None) -> Select:
    if search:
        pattern = f"%{search.strip()}%"
        query = query.where(or_(Restaurant.nombre_local.ilike(pattern), Restaurant.direccion.ilike(pattern)))
    column = ORDERING.get((ordering or "").lstrip("-"), Restaurant.id)
    return query.order_by(column.desc() if (ordering or "").startswith("-") else column.asc(), Restaurant.id)


async def page(session: AsyncSession, query: Select, page_number: int, size: int | None) -> tuple[int, list]:
    total = await session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    if size is not None:
        query = query.offset((page_number - 1) * size).limit(size)
    return total or 0, list((await session.execute(query)).scalars().unique())


async def owners(session: AsyncSession, restaurants: list[Restaurant]) -> dict[int, User]:
    ids = {r.owner_id for r in restaurants}
    if not ids:
        return {}
    return {u.id: u for u in (await session.scalars(select(User).where(User.id.in_(ids)))).all()}
