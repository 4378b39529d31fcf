"""What the marketplace link needs while the process runs: one HTTP client to the provider (kept
connections), the token cipher, token custody and the refresh job's round. Made and closed with
the app (`billing.runtime`)."""
from datetime import timedelta
from typing import Annotated

import httpx
import structlog
from fastapi import Depends, FastAPI, Request

from billing.marketplace.accounts import Accounts
from billing.marketplace.cipher import TokenCipher
from billing.marketplace.errors import MarketplaceNotConfigured
from billing.marketplace.provider import MarketplaceApi

log = structlog.get_logger()


class Marketplace:
    def __init__(self, app: FastAPI):
        settings = self.settings = app.state.settings
        self.http = httpx.AsyncClient(timeout=settings.mercadopago_timeout_seconds,
                                      limits=httpx.Limits(max_connections=50, max_keepalive_connections=20))
        self.api = MarketplaceApi(settings, self.http)
        cipher = None
        if settings.mercadopago_token_key:
            try:
                cipher = TokenCipher(settings.mercadopago_token_key)
            except ValueError:
                log.error("marketplace_token_key_too_short")
        self.accounts = Accounts(self.api, cipher, app.state.session_factory, lambda: app.state.relay.wake())
        self.background_factory = app.state.background_session_factory

    @property
    def configured(self) -> bool:
        return self.api.configured and self.accounts.cipher is not None

    def ensure_configured(self) -> None:
        if not self.configured:
            raise MarketplaceNotConfigured()

    async def refresh_round(self) -> None:
        """One round of the refresh job, run every `mercadopago_refresh_poll_seconds` (replicas share
        the work: each skips the accounts another one holds)."""
        margin = timedelta(seconds=self.settings.mercadopago_refresh_margin_seconds)
        await self.accounts.refresh_due(self.background_factory, margin)


def marketplace(request: Request) -> Marketplace:
    return request.app.state.marketplace


MarketplaceDep = Annotated[Marketplace, Depends(marketplace)]
