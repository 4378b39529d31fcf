"""Which dishes open orders hold: a projection of ordering's events (contracts.ordering).

A dish an open order holds cannot be disabled or removed, nor can its category or menu.
"""
from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import Boolean, DateTime, Integer, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from contracts.ordering import DishActivated, DishActivity, DishReleased
from kit.consumer import batched
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


def activity_rows(events: Sequence[DishActivity], active: bool) -> list[dict]:
    """One row per (dish, order) among `events`, the newest event's if a batch names one twice."""
    newest: dict[tuple[int, int], dict] = {}
    for event in events:
        for dish_id in set(event.dishes):
            key = (dish_id, event.order_id)
            if key not in newest or event.occurred_at >= newest[key]["occurred_at"]:
                newest[key] = {"dish_id": dish_id, "order_id": event.order_id, "active": active, "occurred_at": event.occurred_at}
    return [newest[key] for key in sorted(newest)]


async def _record(session: AsyncSession, events: Sequence[DishActivity], active: bool) -> None:
    await upsert_unless_older(session, DishOrderActivity, ("dish_id", "order_id"), activity_rows(events, active), stamp="occurred_at")


# Every order placed activates its dishes: a batch waits half a second for company (a busy night's
# orders then cost one statement), a short while next to the time the event takes to come anyway.
@batched(linger_seconds=0.5)
async def on_dishes_activated(session: AsyncSession, events: Sequence[DishActivated]) -> None:
    await _record(session, events, True)


@batched()  # releasing never lingers: the owner who closed a table may disable its dish at once
async def on_dishes_released(session: AsyncSession, events: Sequence[DishReleased]) -> None:
    await _record(session, events, False)


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
