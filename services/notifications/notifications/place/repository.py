"""The places projection: a diner's token leads to its place; events name places by id."""
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import String, any_, bindparam, delete, select, update
from sqlalchemy.dialects.postgresql import ARRAY, insert
from sqlalchemy.ext.asyncio import AsyncSession

from notifications.place.models import Place, Sitting


async def get(session: AsyncSession, place_id: int, *, lock: bool = False) -> Place | None:
    query = select(Place).where(Place.place_id == place_id)
    return await session.scalar(query.with_for_update() if lock else query)


async def by_token_hash(session: AsyncSession, token_hash: str) -> tuple[Place, datetime | None] | None:
    """The place a diner's token opens, and where its current sitting started (None: no sitting ended yet)."""
    return (await by_token_hashes(session, [token_hash])).get(token_hash)


async def by_token_hashes(session: AsyncSession, token_hashes: Sequence[str]) -> dict[str, tuple[Place, datetime | None]]:
    """`by_token_hash` for many tokens in one query (one array parameter, however many)."""
    if not token_hashes:
        return {}
    rows = await session.execute(
        select(Place, Sitting.started_at)
        .outerjoin(Sitting, Sitting.place_id == Place.place_id)
        .where(Place.token_hash == any_(bindparam("hashes", list(token_hashes), type_=ARRAY(String))), ~Place.removed)
    )
    return {place.token_hash: (place, started_at) for place, started_at in rows.tuples()}


async def name_of(session: AsyncSession, place_id: int | None) -> str:
    if place_id is None:
        return ""
    return await session.scalar(select(Place.name).where(Place.place_id == place_id)) or ""


async def remove_restaurant(session: AsyncSession, restaurant_id: int, at: datetime) -> None:
    await session.execute(
        update(Place).where(Place.restaurant_id == restaurant_id, Place.changed_at < at).values(removed=True, changed_at=at)
    )
    await session.execute(delete(Sitting).where(Sitting.restaurant_id == restaurant_id))


async def start_sitting(session: AsyncSession, restaurant_id: int, place_id: int, at: datetime) -> bool:
    """The place's current sitting starts at `at`, unless a later one already started (events come
    in any order); whether it moved."""
    statement = insert(Sitting).values(place_id=place_id, restaurant_id=restaurant_id, started_at=at)
    moved = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=["place_id"],
            set_={"started_at": statement.excluded.started_at},
            where=Sitting.started_at < statement.excluded.started_at,
        ).returning(Sitting.place_id)
    )
    return moved is not None
