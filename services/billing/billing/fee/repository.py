"""Fee changes: a restaurant's history (what each sale is charged) and its fee now."""
from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.fee.models import FeeChange
from billing.ledger.rules import FeeRate
from billing.projections.models import RestaurantFacts


async def histories(session: AsyncSession, restaurant_ids: Iterable[int]) -> dict[int, list[FeeRate]]:
    """Each restaurant's fee changes, oldest first (a restaurant without any has none here)."""
    rows = await session.execute(
        select(FeeChange.restaurant_id, FeeChange.application_fee, FeeChange.effective_at)
        .where(FeeChange.restaurant_id.in_(set(restaurant_ids)))
        .order_by(FeeChange.restaurant_id, FeeChange.effective_at, FeeChange.id)
    )
    found: dict[int, list[FeeRate]] = defaultdict(list)
    for restaurant_id, percent, effective_at in rows:
        found[restaurant_id].append(FeeRate(percent, effective_at))
    return found


def latest_changes() -> Select:
    """The newest change of each restaurant (its fee now), as a query to join."""
    return (
        select(FeeChange.restaurant_id, FeeChange.application_fee, FeeChange.effective_at)
        .distinct(FeeChange.restaurant_id)
        .order_by(FeeChange.restaurant_id, FeeChange.effective_at.desc(), FeeChange.id.desc())
    )


async def latest(session: AsyncSession, restaurant_id: int) -> FeeChange | None:
    return await session.scalar(
        select(FeeChange).where(FeeChange.restaurant_id == restaurant_id)
        .order_by(FeeChange.effective_at.desc(), FeeChange.id.desc()).limit(1)
    )


async def owners_newest(session: AsyncSession, owner_id: int, other_than: int) -> FeeChange | None:
    """The newest fee the admin set for any other restaurant of the owner."""
    return await session.scalar(
        select(FeeChange).join(RestaurantFacts, RestaurantFacts.restaurant_id == FeeChange.restaurant_id)
        .where(RestaurantFacts.owner_id == owner_id, FeeChange.restaurant_id != other_than)
        .order_by(FeeChange.effective_at.desc(), FeeChange.id.desc()).limit(1)
    )
