"""Who owns or operates which restaurant: a local projection of identity's events.

Every service but identity keeps this table in its own database, so tenancy checks never call
identity. Merge `MEMBERSHIP_HANDLERS` into the service's event handler map.
"""
from sqlalchemy import Integer, SmallInteger, delete, exists, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from contracts.identity import OperatorAdded, OperatorRemoved, RestaurantCreated, RestaurantDeleted
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.db import Base
from kit.errors import PermissionDenied
from kit.tokens import Principal


class RestaurantMember(Base):
    __tablename__ = "restaurant_member"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, primary_key=True, index=True)
    role: Mapped[int] = mapped_column(SmallInteger)  # OWNER or OPERATOR


async def _add_member(session: AsyncSession, restaurant_id: int, user_id: int, role: int) -> None:
    await session.execute(
        insert(RestaurantMember)
        .values(restaurant_id=restaurant_id, user_id=user_id, role=role)
        .on_conflict_do_update(index_elements=["restaurant_id", "user_id"], set_={"role": role})
    )


async def on_restaurant_created(session: AsyncSession, event: RestaurantCreated) -> None:
    await _add_member(session, event.restaurant_id, event.owner_id, OWNER)


async def on_restaurant_deleted(session: AsyncSession, event: RestaurantDeleted) -> None:
    await session.execute(delete(RestaurantMember).where(RestaurantMember.restaurant_id == event.restaurant_id))


async def on_operator_added(session: AsyncSession, event: OperatorAdded) -> None:
    await _add_member(session, event.restaurant_id, event.user_id, OPERATOR)


async def on_operator_removed(session: AsyncSession, event: OperatorRemoved) -> None:
    await session.execute(
        delete(RestaurantMember).where(
            RestaurantMember.restaurant_id == event.restaurant_id, RestaurantMember.user_id == event.user_id
        )
    )


MEMBERSHIP_HANDLERS = {
    RestaurantCreated.type: on_restaurant_created,
    RestaurantDeleted.type: on_restaurant_deleted,
    OperatorAdded.type: on_operator_added,
    OperatorRemoved.type: on_operator_removed,
}


async def ensure_restaurant_access(
    session: AsyncSession, principal: Principal, restaurant_id: int, roles: tuple[int, ...] = (OWNER, OPERATOR)
) -> None:
    """Raise 403 unless the caller owns or operates `restaurant_id` (admins pass)."""
    if principal.in_group(ADMIN):
        return
    member = await session.scalar(
        select(
            exists().where(
                RestaurantMember.restaurant_id == restaurant_id,
                RestaurantMember.user_id == principal.user_id,
                RestaurantMember.role.in_(roles),
            )
        )
    )
    if not member:
        raise PermissionDenied()


async def member_restaurant_ids(session: AsyncSession, principal: Principal) -> list[int]:
    rows = await session.scalars(
        select(RestaurantMember.restaurant_id).where(RestaurantMember.user_id == principal.user_id)
    )
    return list(rows)
