"""Operator queries, scoped to the restaurants the caller owns."""
from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.listing import real_id
from identity.operator.models import Operator
from identity.restaurant.models import Restaurant
from identity.user.models import User
from kit.auth import ADMIN
from kit.errors import NotFound
from kit.pagination import Paging, fetch_page, filtered
from kit.tokens import Principal


def owned(principal: Principal) -> Select:
    query = select(Operator, User).join(User, User.id == Operator.user_id).join(Restaurant, Restaurant.id == Operator.restaurant_id)
    if not principal.in_group(ADMIN):
        query = query.where(Restaurant.owner_id == principal.user_id)
    return query


async def get_owned(session: AsyncSession, principal: Principal, operator_id: int) -> tuple[Operator, User]:
    row = (await session.execute(owned(principal).where(Operator.id == operator_id))).first() if real_id(operator_id) else None
    if row is None:
        raise NotFound()
    return row[0], row[1]


async def page(session: AsyncSession, principal: Principal, restaurant_id: int | None, paging: Paging) -> tuple[int, list]:
    query = filtered(owned(principal), (Operator.restaurant_id, restaurant_id))
    return await fetch_page(session, query.order_by(Operator.id), paging)
