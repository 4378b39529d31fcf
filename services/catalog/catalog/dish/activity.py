"""Which dishes open orders hold: fed by ordering's events (contracts.ordering)."""
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.dish.models import DishOrderActivity
from contracts.ordering import DishActivated, DishActivity, DishReleased


async def _record(session: AsyncSession, event: DishActivity, active: bool) -> None:
    statement = insert(DishOrderActivity).values(
        dish_id=event.dish_id, order_id=event.order_id, active=active, occurred_at=event.occurred_at
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["dish_id", "order_id"],
            set_={"active": statement.excluded.active, "occurred_at": statement.excluded.occurred_at},
            where=DishOrderActivity.occurred_at <= statement.excluded.occurred_at,
        )
    )


async def on_dish_activated(session: AsyncSession, event: DishActivated) -> None:
    await _record(session, event, True)


async def on_dish_released(session: AsyncSession, event: DishReleased) -> None:
    await _record(session, event, False)
