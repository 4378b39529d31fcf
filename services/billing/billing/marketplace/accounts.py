"""The custody of the sellers' tokens: sealed at rest, used on the seller's behalf, renewed before
they expire, dropped when the provider will not renew them.

The provider takes each refresh token once. So a renewal runs in a transaction of its own, with the
account's row locked (replicas and the refresh job take turns), and commits the new grant as soon
as the provider answers, whatever the request that needed it does next: a rolled-back request must
never lose the only refresh token that still works. When the provider refuses the refresh token
(`invalid_grant`: the seller deauthorized the application, or it was used elsewhere), the account
and its restaurants' links are dropped in that transaction and announced as unlinked.
"""
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TypeVar

import structlog
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from billing.marketplace.repository import LinkRepository
from billing.marketplace.cipher import TokenCipher, TokenUnreadable, token_context
from billing.marketplace.provider import GrantRejected, MarketplaceApi, ProviderFailure, TokenRejected
from contracts.billing import MarketplaceUnlinked
from kit.outbox import add_event

log = structlog.get_logger()
T = TypeVar("T")
# A token this close to its expiry is renewed before it is used (the refresh job normally renews
# them weeks earlier; this covers a job that could not reach the provider).
USE_MARGIN = timedelta(minutes=5)
DUE_BATCH = 100


class LinkLost(Exception):
    """The account is not linked (any more): no tokens to act with."""


def now() -> datetime:
    return datetime.now(UTC)


class Accounts:
    def __init__(self, api: MarketplaceApi, cipher: TokenCipher | None,
                 session_factory: async_sessionmaker[AsyncSession], wake_relay: Callable[[], None]):
        self.api = api
        self.cipher = cipher
        self.session_factory = session_factory
        self.wake_relay = wake_relay

    def sealed(self, grant) -> dict:
        """The account row's values for a grant, its tokens encrypted."""
        at = now()
        return {
            "user_id": grant.user_id,
            "access_token": self.cipher.encrypt(grant.access_token, token_context(grant.user_id, "access")),
            "refresh_token": self.cipher.encrypt(grant.refresh_token, token_context(grant.user_id, "refresh")),
            "expires_at": at + timedelta(seconds=grant.expires_in), "public_key": grant.public_key,
            "live_mode": grant.live_mode, "refreshed_at": at,
        }

    async def call(self, session: AsyncSession, account_id: int, request: Callable[[str], Awaitable[T]]) -> T:
        """`request(access_token)` on the seller's behalf: with a token renewed first when it is about
        to expire, and renewed once more if the provider answers 401 (it expired or was revoked)."""
        return await (await self.acting_for(session, account_id))(request)

    async def acting_for(self, session: AsyncSession, account_id: int) -> Callable[[Callable[[str], Awaitable[T]]], Awaitable[T]]:
        """`call`'s two halves: the seller's token is read from `session` now, and the answer makes
        the requests later without touching `session` again (a renewal has a transaction of its
        own), so the caller may use its session meanwhile."""
        account = await LinkRepository(session).account(account_id)
        if account is None:
            raise LinkLost(account_id)
        sealed = account.access_token
        if account.expires_at - now() < USE_MARGIN:
            token = await self.refresh(account_id, stale=sealed)
        else:
            token = self.cipher.decrypt(sealed, token_context(account_id, "access"))

        async def requesting(request: Callable[[str], Awaitable[T]]) -> T:
            try:
                return await request(token)
            except TokenRejected:
                log.info("marketplace_token_rejected", account=account_id)
                return await request(await self.refresh(account_id, stale=sealed))

        return requesting

    async def refresh(self, account_id: int, stale: bytes | None = None,
                      factory: async_sessionmaker[AsyncSession] | None = None,
                      skip_locked: bool = False, due_before: datetime | None = None) -> str | None:
        """Renew the account's tokens in a transaction of their own and answer the new access token.

        `stale`: the sealed access token the caller found wanting; if the row holds another one by
        the time it is locked, someone renewed it meanwhile and that one is answered. `due_before`
        (the refresh job): renew only if it still expires before then, else answer None; with
        `skip_locked` an account another replica is renewing is left to it (None)."""
        lost: list[int] | None = None
        async with (factory or self.session_factory)() as session, session.begin():
            account = await LinkRepository(session).account(account_id, lock=True, skip_locked=skip_locked)
            if account is None:
                if skip_locked:
                    return None
                raise LinkLost(account_id)
            if stale is not None and account.access_token != stale:
                return self.cipher.decrypt(account.access_token, token_context(account_id, "access"))
            if due_before is not None and account.expires_at >= due_before:
                return None
            refresh_token = self.cipher.decrypt(account.refresh_token, token_context(account_id, "refresh"))
            try:
                grant = await self.api.refresh(refresh_token)
            except GrantRejected:
                lost = await self.drop(session, account_id)
            else:
                if grant.user_id != account_id:  # never store one seller's tokens as another's
                    raise ProviderFailure(f"refresh of {account_id} answered for {grant.user_id}")
                values = self.sealed(grant)
                for name, value in values.items():
                    setattr(account, name, value)
        if lost is not None:
            log.warning("marketplace_link_lost", account=account_id, restaurants=lost)
            if lost:
                self.wake_relay()  # committed: the unlinked announcements leave now
            raise LinkLost(account_id)
        log.info("marketplace_tokens_refreshed", account=account_id)
        return grant.access_token

    async def drop(self, session: AsyncSession, account_id: int) -> list[int]:
        """The account's tokens go and its restaurants are unlinked and announced, in `session` (the
        caller wakes the relay once it committed)."""
        unlinked = await LinkRepository(session).drop_account(account_id)
        for restaurant_id in unlinked:
            add_event(session, MarketplaceUnlinked(restaurant_id=restaurant_id))
        return unlinked

    async def refresh_due(self, factory: async_sessionmaker[AsyncSession], margin: timedelta) -> int:
        """One round of the refresh job: renew every token that expires within `margin`. A provider
        that is down leaves them for the next round; answers how many were renewed."""
        before = now() + margin
        async with factory() as session:
            due = await LinkRepository(session).due_accounts(before, DUE_BATCH)
        renewed = 0
        for account_id in due:
            try:
                if await self.refresh(account_id, factory=factory, skip_locked=True, due_before=before):
                    renewed += 1
            except LinkLost:
                continue
            except ProviderFailure as failed:
                log.warning("marketplace_refresh_failed", account=account_id, error=str(failed))
            except TokenUnreadable:
                log.error("marketplace_token_unreadable", account=account_id)
        return renewed

    async def confirm_deauthorized(self, session: AsyncSession, account_id: int) -> bool:
        """The provider says the seller deauthorized the application: believe it only if the
        provider refuses our tokens now (a stale notice, after the seller authorized again, must not
        unlink anything). True when the account is not linked any more."""
        try:
            await self.call(session, account_id, self.api.me)
        except LinkLost:
            return True
        except TokenRejected:
            return False  # a fresh token refused at once: leave it to the next use or the next notice
        log.info("marketplace_deauthorization_not_confirmed", account=account_id)
        return False
