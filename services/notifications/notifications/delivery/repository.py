"""The tracked deliveries: a diner's tracking token leads to its order."""
from collections.abc import Sequence

from sqlalchemy import String, any_, bindparam, delete, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from notifications.delivery.models import TrackedDelivery


async def by_token_hashes(session: AsyncSession, token_hashes: Sequence[str]) -> dict[str, TrackedDelivery]:
    """The deliveries these tokens open, in one query (one array parameter, however many)."""
    if not token_hashes:
        return {}
    rows = await session.scalars(
        select(TrackedDelivery).where(TrackedDelivery.token_hash == any_(bindparam("hashes", list(token_hashes), type_=ARRAY(String))))
    )
    return {row.token_hash: row for row in rows}


async def forget_restaurant(session: AsyncSession, restaurant_id: int) -> None:
    await session.execute(delete(TrackedDelivery).where(TrackedDelivery.restaurant_id == restaurant_id))
