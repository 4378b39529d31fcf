"""Catalog's categories reach lines placed before ordering knew them."""
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.catalog import CategoryFacts
from ordering.order import repository


async def name_uncategorized_lines(session: AsyncSession, event: CategoryFacts) -> None:
    """Lines placed before ordering knew their dish's category (its events came late, or were
    replayed after ordering began copying category names) take its name when it arrives; a line
    that has one keeps it. Not a change the restaurant made: nothing is announced, no version moves."""
    await repository.name_uncategorized(session, event.restaurant_id, event.category_id, event.name)
