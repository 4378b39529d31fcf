"""Every query of the marketplace link's tables."""
from datetime import datetime

from sqlalchemy import delete, exists, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from billing.marketplace.models import LinkAttempt, MarketplaceAccount, MarketplaceLink


class LinkRepository:
    def __init__(self, session: AsyncSession):
        self.session = session

    async def link_of(self, restaurant_id: int) -> MarketplaceLink | None:
        return await self.session.get(MarketplaceLink, restaurant_id)

    def add_attempt(self, attempt: LinkAttempt) -> None:
        self.session.add(attempt)

    async def attempt_for_update(self, state: str) -> LinkAttempt | None:
        """The attempt, locked: two calls bringing the same `state` back take turns, and the second finds it used."""
        return await self.session.scalar(select(LinkAttempt).where(LinkAttempt.state == state).with_for_update())

    async def forget_expired_attempts(self, now: datetime) -> None:
        await self.session.execute(delete(LinkAttempt).where(LinkAttempt.expires_at < now))

    async def account(self, account_id: int, lock: bool = False, skip_locked: bool = False) -> MarketplaceAccount | None:
        query = select(MarketplaceAccount).where(MarketplaceAccount.user_id == account_id)
        if lock:
            query = query.with_for_update(skip_locked=skip_locked)
        return await self.session.scalar(query)

    async def save_account(self, values: dict) -> None:
        """Insert the account or give it the new grant; the row stays locked until the commit, so two
        owners linking the same account take turns and the second sees the first's link."""
        statement = insert(MarketplaceAccount).values(**values)
        await self.session.execute(statement.on_conflict_do_update(
            index_elements=["user_id"], set_={name: statement.excluded[name] for name in values if name != "user_id"}))

    async def linked_by_another(self, account_id: int, user_id: int) -> bool:
        return bool(await self.session.scalar(select(exists().where(
            MarketplaceLink.account_id == account_id, MarketplaceLink.linked_by != user_id))))

    async def add_link(self, restaurant_id: int, account_id: int, user_id: int, at: datetime) -> bool:
        """False when the restaurant already has a link (another attempt won)."""
        added = await self.session.scalar(
            insert(MarketplaceLink).values(restaurant_id=restaurant_id, account_id=account_id, linked_by=user_id, linked_at=at)
            .on_conflict_do_nothing(index_elements=["restaurant_id"]).returning(MarketplaceLink.restaurant_id))
        return added is not None

    async def drop_account(self, account_id: int) -> list[int]:
        """The account and its tokens go; answers the restaurants that were linked to it."""
        unlinked = list(await self.session.scalars(
            delete(MarketplaceLink).where(MarketplaceLink.account_id == account_id).returning(MarketplaceLink.restaurant_id)))
        await self.session.execute(delete(MarketplaceAccount).where(MarketplaceAccount.user_id == account_id))
        return sorted(unlinked)

    async def drop_link(self, restaurant_id: int) -> None:
        """The restaurant's link goes, and its account's tokens with it when no other restaurant uses them."""
        account_id = await self.session.scalar(
            delete(MarketplaceLink).where(MarketplaceLink.restaurant_id == restaurant_id).returning(MarketplaceLink.account_id))
        if account_id is not None:
            await self.session.execute(delete(MarketplaceAccount).where(
                MarketplaceAccount.user_id == account_id,
                ~exists().where(MarketplaceLink.account_id == account_id)))

    async def due_accounts(self, before: datetime, limit: int) -> list[int]:
        """Accounts whose access token expires before `before`, soonest first."""
        return list(await self.session.scalars(
            select(MarketplaceAccount.user_id).where(MarketplaceAccount.expires_at < before)
            .order_by(MarketplaceAccount.expires_at).limit(limit)))
