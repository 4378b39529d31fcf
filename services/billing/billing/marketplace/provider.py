"""The marketplace's HTTP API (MercadoPago; ../shared/providers/mercadopago.md), and nothing else:
no database, no errors a person sees. Where it lives is configuration (`mercadopago_*` settings):
the real provider, or the simulator in tests and the local stack.

Every call has the settings' timeout. What can go wrong is one of three exceptions: the provider
did not answer in time or answered 5xx / 429 (`Unreachable`: try again later), it refused the
grant (`GrantRejected`: a code or refresh token that is used, expired or revoked), or it refused
otherwise (`Refused`; `TokenRejected` for a 401 on a call with a seller's token).
"""
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import httpx
import structlog

log = structlog.get_logger()


class ProviderFailure(Exception):
    """The provider could not do what was asked."""


class Unreachable(ProviderFailure):
    """No answer in time, no connection, or a 5xx / 429: nothing is known to have happened."""


class Refused(ProviderFailure):
    def __init__(self, status: int, body: Any):
        super().__init__(f"{status}: {body}")
        self.status, self.body = status, body

    @property
    def error(self) -> str:
        return str(self.body.get("error", "")) if isinstance(self.body, dict) else ""


class GrantRejected(Refused):
    """`invalid_grant`: the code or refresh token is used, expired or revoked."""


class TokenRejected(Refused):
    """401 on a call with a seller's access token: expired or revoked."""


@dataclass(frozen=True)
class Grant:
    """The provider's answer to a code exchange or a refresh: a seller's tokens."""

    user_id: int  # the seller's account id
    access_token: str
    refresh_token: str
    expires_in: int  # seconds
    public_key: str
    live_mode: bool


class MarketplaceApi:
    def __init__(self, settings, http: httpx.AsyncClient):
        self.settings = settings
        self.http = http
        self.redirect_uri = settings.mercadopago_redirect_uri or f"{settings.public_base_url.rstrip('/')}/restaurante/autorizacion/"

    @property
    def configured(self) -> bool:
        s = self.settings
        return bool(s.mercadopago_client_id and s.mercadopago_client_secret and s.mercadopago_token_key)

    def authorize_url(self, state: str) -> str:
        query = urlencode({"client_id": self.settings.mercadopago_client_id, "response_type": "code",
                           "platform_id": "mp", "state": state, "redirect_uri": self.redirect_uri})
        return f"{self.settings.mercadopago_auth_url.rstrip('/')}/authorization?{query}"

    async def exchange_code(self, code: str) -> Grant:
        return await self._grant({"grant_type": "authorization_code", "code": code, "redirect_uri": self.redirect_uri})

    async def refresh(self, refresh_token: str) -> Grant:
        return await self._grant({"grant_type": "refresh_token", "refresh_token": refresh_token})

    async def me(self, access_token: str) -> dict:
        return await self.call("GET", "/users/me", access_token)

    async def balance(self, access_token: str, user_id: int) -> dict:
        return await self.call("GET", f"/users/{user_id}/mercadopago_account/balance", access_token)

    # Checkout Pro and its payments (online checkout), on the seller's behalf.
    async def create_preference(self, access_token: str, preference: dict) -> dict:
        return await self.call("POST", "/checkout/preferences", access_token, json=preference)

    async def payment(self, access_token: str, payment_id: str) -> dict:
        return await self.call("GET", f"/v1/payments/{payment_id}", access_token)

    async def merchant_order(self, access_token: str, order_id: str) -> dict:
        """The order a payment belongs to (`payment.order.id`): it names the preference paid through."""
        return await self.call("GET", f"/merchant_orders/{order_id}", access_token)

    async def cancel_payment(self, access_token: str, payment_id: str) -> dict:
        """Only from pending or in_process."""
        return await self.call("PUT", f"/v1/payments/{payment_id}", access_token, json={"status": "cancelled"})

    async def refund(self, access_token: str, payment_id: str) -> dict:
        """The whole payment back; the key makes a repeated call (a retry after a timeout) one refund."""
        return await self.call("POST", f"/v1/payments/{payment_id}/refunds", access_token,
                               headers={"X-Idempotency-Key": f"refund-{payment_id}"})

    async def call(self, method: str, path: str, access_token: str, **kwargs) -> dict:
        """A call on a seller's behalf, with its access token."""
        headers = {**kwargs.pop("headers", {}), "Authorization": f"Bearer {access_token}"}
        return await self._request(method, path, headers=headers, **kwargs)

    async def _grant(self, form: dict[str, str]) -> Grant:
        s = self.settings
        body = await self._request("POST", "/oauth/token", grant=True, data={
            "client_id": s.mercadopago_client_id, "client_secret": s.mercadopago_client_secret, **form})
        try:
            return Grant(user_id=int(body["user_id"]), access_token=str(body["access_token"]),
                         refresh_token=str(body["refresh_token"]), expires_in=int(body["expires_in"]),
                         public_key=str(body.get("public_key") or ""), live_mode=bool(body.get("live_mode")))
        except (KeyError, TypeError, ValueError) as bad:
            raise Refused(200, {"error": "unexpected_answer"}) from bad

    async def _request(self, method: str, path: str, grant: bool = False, **kwargs) -> dict:
        url = f"{self.settings.mercadopago_api_url.rstrip('/')}{path}"
        try:
            answer = await self.http.request(method, url, timeout=self.settings.mercadopago_timeout_seconds, **kwargs)
        except httpx.HTTPError as failed:  # a timeout, a refused connection, a broken answer
            log.warning("marketplace_unreachable", path=path, error=type(failed).__name__)
            raise Unreachable(type(failed).__name__) from failed
        if answer.status_code >= 500 or answer.status_code == 429:
            log.warning("marketplace_unreachable", path=path, status=answer.status_code)
            raise Unreachable(str(answer.status_code))
        try:
            body = answer.json()
        except ValueError:
            body = {"error": "not_json"}
        if answer.status_code >= 400:
            log.info("marketplace_refused", path=path, status=answer.status_code, error=body.get("error") if isinstance(body, dict) else None)
            if grant and answer.status_code == 400 and isinstance(body, dict) and body.get("error") == "invalid_grant":
                raise GrantRejected(answer.status_code, body)
            if not grant and answer.status_code == 401:
                raise TokenRejected(answer.status_code, body)
            raise Refused(answer.status_code, body)
        return body
