"""Which dishes open orders hold: a projection of ordering's events (contracts.ordering).

A dish an open order holds cannot be disabled or removed, nor can its category or menu.
"""
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import Boolean, DateTime, Integer, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from contracts.ordering import DishActivated, DishActivity, DishReleased
from kit.db import Base, upsert_unless_older


class DishOrderActivity(Base):
    """One row per (dish, order) with the latest state seen; a dish is active while any of its rows is.

    Keeping released rows (instead of deleting them) makes a late `activated` that arrives after
    its `released` harmless: the newer event wins by `occurred_at`.
    """

    __tablename__ = "dish_order_activity"

    dish_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    active: Mapped[bool] = mapped_column(Boolean)
    occurred_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


async def _record(session: AsyncSession, event: DishActivity, active: bool) -> None:
    await upsert_unless_older(
        session, DishOrderActivity, ("dish_id", "order_id"),
        [{"dish_id": dish_id, "order_id": event.order_id, "active": active, "occurred_at": event.occurred_at}
         for dish_id in sorted(set(event.dishes))],
        stamp="occurred_at",
    )


async def on_dish_activated(session: AsyncSession, event: DishActivated) -> None:
    await _record(session, event, True)


async def on_dish_released(session: AsyncSession, event: DishReleased) -> None:
    await _record(session, event, False)


async def active_dish_ids(session: AsyncSession, dish_ids: Iterable[int]) -> set[int]:
    """The dishes among `dish_ids` that an open order holds."""
    ids = list(dish_ids)
    if not ids:
        return set()
    rows = await session.scalars(
        select(DishOrderActivity.dish_id)
        .where(DishOrderActivity.dish_id.in_(ids), DishOrderActivity.active.is_(True))
        .distinct()
    )
    return set(rows)
