"""What the marketplace link does with other services' events."""
from sqlalchemy.ext.asyncio import AsyncSession

from billing.marketplace.repository import LinkRepository
from contracts import identity


async def on_restaurant_deleted(session: AsyncSession, event: identity.RestaurantDeleted) -> None:
    """A deleted restaurant's link goes (its account is free for another owner), and the account's
    tokens with it when no other restaurant uses them."""
    await LinkRepository(session).drop_link(event.restaurant_id)
