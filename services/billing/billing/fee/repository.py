"""Every query of the fee changes: a restaurant's history (what each sale is charged) and its fee now."""
from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from billing.fee.models import FeeChange
from billing.ledger.rules import FeeRate
from billing.projections.models import RestaurantFacts


def latest_changes() -> Select:
    """The newest change of each restaurant (its fee now), as a query to join."""
    return (
        select(FeeChange.restaurant_id, FeeChange.application_fee, FeeChange.effective_at)
        .distinct(FeeChange.restaurant_id)
        .order_by(FeeChange.restaurant_id, FeeChange.effective_at.desc(), FeeChange.id.desc())
    )


class FeeRepository:
    def __init__(self, session: AsyncSession):
        self.session = session

    async def add(self, change: FeeChange) -> None:
        """A new change, written now."""
        self.session.add(change)
        await self.session.flush()

    async def histories(self, restaurant_ids: Iterable[int]) -> dict[int, list[FeeRate]]:
        """Each restaurant's fee changes, oldest first (a restaurant without any has none here)."""
        rows = await self.session.execute(
            select(FeeChange.restaurant_id, FeeChange.application_fee, FeeChange.effective_at)
            .where(FeeChange.restaurant_id.in_(set(restaurant_ids)))
            .order_by(FeeChange.restaurant_id, FeeChange.effective_at, FeeChange.id)
        )
        found: dict[int, list[FeeRate]] = defaultdict(list)
        for restaurant_id, percent, effective_at in rows:
            found[restaurant_id].append(FeeRate(percent, effective_at))
        return found

    async def latest(self, restaurant_id: int) -> FeeChange | None:
        return await self.session.scalar(
            select(FeeChange).where(FeeChange.restaurant_id == restaurant_id)
            .order_by(FeeChange.effective_at.desc(), FeeChange.id.desc()).limit(1)
        )

    async def owners_newest(self, owner_id: int, other_than: int) -> FeeChange | None:
        """The newest fee the admin set for any other restaurant of the owner."""
        return await self.session.scalar(
            select(FeeChange).join(RestaurantFacts, RestaurantFacts.restaurant_id == FeeChange.restaurant_id)
            .where(RestaurantFacts.owner_id == owner_id, FeeChange.restaurant_id != other_than)
            .order_by(FeeChange.effective_at.desc(), FeeChange.id.desc()).limit(1)
        )
