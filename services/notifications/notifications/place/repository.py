"""The places projection: a diner's token leads to its place; events name places by id."""
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from notifications.place.models import Place


async def get(session: AsyncSession, place_id: int, *, lock: bool = False) -> Place | None:
    query = select(Place).where(Place.place_id == place_id)
    return await session.scalar(query.with_for_update() if lock else query)


async def by_token_hash(session: AsyncSession, token_hash: str) -> Place | None:
    return await session.scalar(select(Place).where(Place.token_hash == token_hash, ~Place.removed))


async def name_of(session: AsyncSession, place_id: int | None) -> str:
    if place_id is None:
        return ""
    return await session.scalar(select(Place.name).where(Place.place_id == place_id)) or ""


async def apply(session: AsyncSession, place_id: int, changed_at: datetime, **facts) -> bool:
    """Upsert the place unless a newer event already decided it; whether this one was applied."""
    statement = insert(Place).values(place_id=place_id, changed_at=changed_at, **facts)
    applied = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=["place_id"],
            set_={key: statement.excluded[key] for key in ("changed_at", *facts)},
            where=Place.changed_at < statement.excluded.changed_at,
        ).returning(Place.place_id)
    )
    return applied is not None


async def remove_restaurant(session: AsyncSession, restaurant_id: int, at: datetime) -> None:
    await session.execute(
        update(Place).where(Place.restaurant_id == restaurant_id, Place.changed_at < at).values(removed=True, changed_at=at)
    )
