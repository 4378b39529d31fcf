"""What the codes need to know: whether a menu exists (floor's projection of catalog's menus)."""
from sqlalchemy.ext.asyncio import AsyncSession

from floor.projections.models import MenuFacts


async def menu(session: AsyncSession, menu_id: int) -> MenuFacts | None:
    """The menu, unless floor never heard of it or heard it was deleted."""
    found = await session.get(MenuFacts, menu_id)
    return None if found is None or found.deleted else found
