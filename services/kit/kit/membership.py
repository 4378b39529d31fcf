"""Who owns or operates which restaurant: a local projection of identity's events.

Every service but identity keeps this table in its own database, so tenancy checks never call
identity. A service builds its event handler map with `with_membership(...)`.
"""
from datetime import UTC, datetime

from sqlalchemy import Boolean, ColumnElement, DateTime, Integer, Select, SmallInteger, select, text, true, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from contracts.identity import OperatorAdded, OperatorRemoved, RestaurantCreated, RestaurantDeleted, RestaurantUpdated
from kit.auth import ADMIN, OPERATOR, OWNER
from kit.consumer import Handler, kept_copy
from kit.db import Base
from kit.errors import NotFound, PermissionDenied
from kit.tokens import Principal

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
RESTAURANT_CLOSED = 0  # the user id of a deleted restaurant's tombstone row


class RestaurantMember(Base):
    """One (restaurant, user) membership, kept after removal as a tombstone.

    Events can arrive out of order (redelivery, a retried handler, two relays): each row keeps the
    `occurred_at` of the newest event applied to it, and an older event never overwrites it, so a
    late `operator.added` cannot resurrect a removed operator. A deleted restaurant leaves a
    tombstone row (user `RESTAURANT_CLOSED`) that refuses memberships older than the deletion.
    """

    __tablename__ = "restaurant_member"

    restaurant_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, primary_key=True, index=True)
    role: Mapped[int] = mapped_column(SmallInteger)  # OWNER or OPERATOR
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    changed_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=EPOCH, server_default=text("'epoch'::timestamptz")
    )


async def _apply(session: AsyncSession, restaurant_id: int, user_id: int, role: int, active: bool, at: datetime) -> None:
    """Upsert the membership unless a newer event already decided it."""
    if active:
        closed_after = await session.scalar(
            select(RestaurantMember.changed_at).where(
                RestaurantMember.restaurant_id == restaurant_id, RestaurantMember.user_id == RESTAURANT_CLOSED
            )
        )
        if closed_after is not None and closed_after >= at:
            return
    statement = insert(RestaurantMember).values(
        restaurant_id=restaurant_id, user_id=user_id, role=role, active=active, changed_at=at
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["restaurant_id", "user_id"],
            set_={"role": statement.excluded.role, "active": statement.excluded.active, "changed_at": statement.excluded.changed_at},
            where=RestaurantMember.changed_at < statement.excluded.changed_at,
        )
    )


async def on_restaurant_created(session: AsyncSession, event: RestaurantCreated) -> None:
    await _apply(session, event.restaurant_id, event.owner_id, OWNER, True, event.occurred_at)


async def on_restaurant_deleted(session: AsyncSession, event: RestaurantDeleted) -> None:
    await session.execute(
        update(RestaurantMember)
        .where(RestaurantMember.restaurant_id == event.restaurant_id, RestaurantMember.changed_at < event.occurred_at)
        .values(active=False, changed_at=event.occurred_at)
    )
    await _apply(session, event.restaurant_id, RESTAURANT_CLOSED, 0, False, event.occurred_at)


async def on_operator_added(session: AsyncSession, event: OperatorAdded) -> None:
    await _apply(session, event.restaurant_id, event.user_id, OPERATOR, True, event.occurred_at)


async def on_operator_removed(session: AsyncSession, event: OperatorRemoved) -> None:
    await _apply(session, event.restaurant_id, event.user_id, OPERATOR, False, event.occurred_at)


MEMBERSHIP_HANDLERS = {
    RestaurantCreated.type: on_restaurant_created,
    RestaurantDeleted.type: on_restaurant_deleted,
    OperatorAdded.type: on_operator_added,
    OperatorRemoved.type: on_operator_removed,
}


def with_membership(handlers: dict[str, "Handler | list[Handler]"]) -> dict[str, "Handler | list[Handler]"]:
    """A service's event handler map, membership's included. Where the service also reacts to a
    membership event, membership's handler runs first, in the same transaction: who may act on a
    restaurant is known before anything else about it."""
    merged: dict[str, Handler | list[Handler]] = dict(MEMBERSHIP_HANDLERS)
    for event_type, own in handlers.items():
        own_list = own if isinstance(own, list) else [own]
        merged[event_type] = [MEMBERSHIP_HANDLERS[event_type], *own_list] if event_type in MEMBERSHIP_HANDLERS else own
    return merged


def restaurant_profile(on_profile: Handler, on_deleted: Handler) -> dict[str, Handler]:
    """The handlers of a service's own copy of a restaurant's profile (name, settings): written on
    creation and on every update, dropped when the restaurant is deleted."""
    return kept_copy(RestaurantCreated, RestaurantUpdated, RestaurantDeleted, on_profile, on_deleted)


async def ensure_restaurant_access(
    session: AsyncSession, principal: Principal, restaurant_id: int, roles: tuple[int, ...] = (OWNER, OPERATOR)
) -> None:
    """Pass when the caller has one of `roles` in `restaurant_id` (admins pass).

    Another restaurant looks exactly like one that does not exist (404): a caller learns nothing of
    restaurants that are not theirs. A member without the role (an operator on an owner's call) is
    told it may not (403)."""
    if principal.in_group(ADMIN):
        return
    member_roles = set(await session.scalars(
        select(RestaurantMember.role).where(
            RestaurantMember.restaurant_id == restaurant_id,
            RestaurantMember.user_id == principal.user_id,
            RestaurantMember.role.in_((OWNER, OPERATOR)),
            RestaurantMember.active,
        )
    ))
    if not member_roles:
        raise NotFound()
    if not member_roles & set(roles):
        raise PermissionDenied()


def member_restaurants(principal: Principal) -> Select:
    """The ids of the restaurants the caller owns or operates, as a subquery."""
    return select(RestaurantMember.restaurant_id).where(
        RestaurantMember.user_id == principal.user_id,
        RestaurantMember.role.in_((OWNER, OPERATOR)),
        RestaurantMember.active,
    )


def restaurant_visible(restaurant_column: ColumnElement, principal: Principal) -> ColumnElement[bool]:
    """Tenancy in queries: a filter keeping the rows of the caller's restaurants (admins see all).

    Repositories scope every read with it, so another restaurant's row is simply not found (404)."""
    if principal.in_group(ADMIN):
        return true()
    return restaurant_column.in_(member_restaurants(principal))


async def member_restaurant_ids(session: AsyncSession, principal: Principal) -> list[int]:
    rows = await session.scalars(
        select(RestaurantMember.restaurant_id).where(
            RestaurantMember.user_id == principal.user_id, RestaurantMember.active
        )
    )
    return list(rows)
