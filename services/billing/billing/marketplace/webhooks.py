"""The marketplace's notifications (webhooks), all at one address: `POST /api/webhooks/mercadopago/`.

Each is believed only with a valid signature: `x-signature: ts=<ms>,v1=<hex>`, HMAC-SHA256 with
the application's webhook secret over `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (parts
missing from the request dropped; `data.id` from the query, as the provider signs it, lowercased).
The signature covers the id, not the body, so what a notification says is confirmed with the
provider before anything changes. It is answered fast (the provider retries what is not answered
2xx within 22 s), and receiving one twice or out of order changes nothing twice.

Topics: `mp-connect` (a seller deauthorized the application: its restaurants are unlinked once the
provider refuses our tokens) and `payment` (a payment of an online checkout was made or changed:
`checkout/payments.py`). Others are acknowledged and ignored.
"""
import hashlib
import hmac
import json
from collections.abc import Awaitable, Callable

import structlog
from sqlalchemy.ext.asyncio import AsyncSession

from billing.checkout.payments import on_payment_notification
from billing.marketplace.cipher import TokenUnreadable
from billing.marketplace.errors import MarketplaceNotConfigured, NotificationInvalid, ProviderUnreachable, SignatureInvalid
from billing.marketplace.provider import Unreachable
from billing.marketplace.runtime import Marketplace

log = structlog.get_logger()

TopicHandler = Callable[[AsyncSession, Marketplace, dict, str], Awaitable[None]]


def signature_valid(secret: str, x_signature: str | None, request_id: str | None, data_id: str | None) -> bool:
    if not secret or not x_signature:
        return False
    parts = dict(part.strip().split("=", 1) for part in x_signature.split(",") if "=" in part)
    ts, v1 = parts.get("ts"), parts.get("v1")
    if not ts or not v1:
        return False
    signed = (("id", (data_id or "").lower()), ("request-id", request_id or ""), ("ts", ts))
    manifest = "".join(f"{name}:{value};" for name, value in signed if value)
    expected = hmac.new(secret.encode(), manifest.encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, v1.lower())


async def on_connect(session: AsyncSession, marketplace: Marketplace, notification: dict, data_id: str) -> None:
    """`application.deauthorized`: `data.id` is the seller. Confirmed by the provider refusing our
    tokens (`Accounts.confirm_deauthorized`), which unlinks the seller's restaurants."""
    if notification.get("action") != "application.deauthorized":
        return
    try:
        account_id = int(data_id)
    except ValueError:
        raise NotificationInvalid()
    try:
        dropped = await marketplace.accounts.confirm_deauthorized(session, account_id)
    except Unreachable:
        raise ProviderUnreachable()  # not confirmed yet: answered 502, so the provider sends it again
    except TokenUnreadable:
        log.error("marketplace_token_unreadable", account=account_id)
        raise MarketplaceNotConfigured()  # answered 503: sent again once the key is back
    log.info("marketplace_deauthorization", account=account_id, unlinked=dropped)


# type -> handler
TOPICS: dict[str, TopicHandler] = {"mp-connect": on_connect, "payment": on_payment_notification}


async def receive(session: AsyncSession, marketplace: Marketplace, body: bytes, query_data_id: str | None,
                  x_signature: str | None, request_id: str | None) -> None:
    secret = marketplace.settings.mercadopago_webhook_secret
    if not secret or not marketplace.configured:
        raise MarketplaceNotConfigured()
    try:
        notification = json.loads(body)
    except ValueError:
        notification = None
    if not isinstance(notification, dict):
        raise NotificationInvalid()
    data = notification.get("data") if isinstance(notification.get("data"), dict) else {}
    body_data_id = str(data.get("id", "")) or None
    data_id = query_data_id or body_data_id
    if not signature_valid(secret, x_signature, request_id, data_id):
        log.warning("marketplace_notification_refused", reason="signature", type=notification.get("type"))
        raise SignatureInvalid()
    if body_data_id is not None and data_id is not None and body_data_id.lower() != data_id.lower():
        raise NotificationInvalid()  # the body must speak of what was signed
    handler = TOPICS.get(str(notification.get("type", "")))
    if handler is None or data_id is None:
        return
    await handler(session, marketplace, notification, data_id)
