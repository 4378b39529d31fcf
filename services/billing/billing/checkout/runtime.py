"""What online checkout needs while the process runs: one HTTP client to ordering (kept
connections), the marketplace's (`marketplace.runtime`), and the expiry job's round. Made after
the marketplace and closed before it (`billing.runtime`). Requests get it from the app
(`CheckoutsDep`); event handlers name what they use (`billing.main`'s `provides`).
"""
from typing import Annotated

import httpx
from fastapi import Depends, FastAPI, Request

from billing.checkout.ordering import OrderingApi
from billing.marketplace.runtime import Marketplace


class Checkouts:
    def __init__(self, app: FastAPI):
        self.app = app
        self.settings = app.state.settings
        self.marketplace: Marketplace = app.state.marketplace
        self.http = httpx.AsyncClient(limits=httpx.Limits(max_connections=50, max_keepalive_connections=20))
        self.ordering = OrderingApi(self.settings, self.http)
        self.background_factory = app.state.background_session_factory
        base = self.settings.public_base_url.rstrip("/")
        self.back_urls = {"success": f"{base}/pago/success", "pending": f"{base}/pago/pending", "failure": f"{base}/pago/fail"}
        self.notification_url = self.settings.mercadopago_notification_url or f"{base}/api/webhooks/mercadopago/"

    async def may_ask_provider(self, charge_id: int, payment_id: str) -> bool:
        """Whether a result page may confirm this payment of the charge with the provider now: once
        per `payment_state_recheck_seconds` (every replica alike, in Redis); the same question
        again in between is answered from what billing knows, so reloading the page spends no
        provider call (and other payment ids are bounded by the charge's per-minute limit)."""
        return bool(await self.app.state.redis.set(f"billing:payment-state-asked:{charge_id}:{payment_id}", "1", nx=True,
                                                   ex=self.settings.payment_state_recheck_seconds))

    def wake_relay(self) -> None:
        self.app.state.relay.wake()

    async def expire_round(self) -> None:
        """One round of the expiry job, run every `mercadopago_checkout_poll_seconds` (replicas share
        the work: each skips the checkouts another one holds)."""
        from billing.checkout.payments import expire_due

        await expire_due(self)


def checkouts(request: Request) -> Checkouts:
    return request.app.state.checkouts


CheckoutsDep = Annotated[Checkouts, Depends(checkouts)]
