"""Place queries, scoped to the places the caller may see."""
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from floor.place.models import Place, RevokedToken
from floor.projections.models import MenuFacts, RestaurantFacts
from kit.membership import restaurant_visible
from kit.tokens import Principal


SKETCH_LOCK = 1  # the first key of floor's advisory locks: one restaurant's sketch


async def lock_sketch(session: AsyncSession, restaurant_id: int) -> None:
    """Saves of one restaurant's sketch take turns (until commit): two tablets adding places at
    once cannot both take a free name, even when no row exists yet to lock."""
    await session.execute(select(func.pg_advisory_xact_lock(SKETCH_LOCK, restaurant_id)))


async def of_restaurant(session: AsyncSession, restaurant_id: int, *, lock: bool = False) -> list[Place]:
    query = select(Place).where(Place.restaurant_id == restaurant_id).order_by(Place.id)
    if lock:
        query = query.with_for_update()
    return list(await session.scalars(query))


async def get_visible(session: AsyncSession, principal: Principal, place_ids: list[int], *, lock: bool = False) -> list[Place]:
    query = select(Place).where(Place.id.in_(place_ids), restaurant_visible(Place.restaurant_id, principal)).order_by(Place.id)
    if lock:
        query = query.with_for_update()
    return list(await session.scalars(query))


async def menus_of(session: AsyncSession, restaurant_id: int) -> dict[int, str]:
    rows = await session.execute(
        select(MenuFacts.menu_id, MenuFacts.name).where(MenuFacts.restaurant_id == restaurant_id, MenuFacts.deleted.is_(False))
    )
    return dict(rows.tuples().all())


async def menu_names(session: AsyncSession, menu_ids: set[int]) -> dict[int, str]:
    if not menu_ids:
        return {}
    rows = await session.execute(select(MenuFacts.menu_id, MenuFacts.name).where(MenuFacts.menu_id.in_(menu_ids)))
    return dict(rows.tuples().all())


async def restaurant_name(session: AsyncSession, restaurant_id: int) -> str:
    return await session.scalar(select(RestaurantFacts.nombre_local).where(RestaurantFacts.restaurant_id == restaurant_id)) or ""


async def by_token(session: AsyncSession, token: str, *, lock: bool = False) -> Place | None:
    query = select(Place).where(Place.token == token)
    if lock:
        query = query.with_for_update()
    return await session.scalar(query)


async def is_revoked(session: AsyncSession, token_hash: str) -> bool:
    return await session.get(RevokedToken, token_hash) is not None
