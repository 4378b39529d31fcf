"""The marketplace's notifications (webhooks), all at one address: `POST /api/webhooks/mercadopago/`.

Each is believed only with a valid signature: `x-signature: ts=<ms>,v1=<hex>`, HMAC-SHA256 with
the application's webhook secret over `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (parts
missing from the request dropped; `data.id` from the query, as the provider signs it, lowercased).
The signature covers the id, not the body, so what a notification says is confirmed with the
provider before anything changes: of the body, only the topic and the seller (`user_id`, whose
token asks the provider) are read. A signed notification is believed only within
`mercadopago_webhook_window_seconds` of its `ts`, and each `x-request-id` once (Redis), so one
recorded and sent again later changes nothing. It is answered fast (the provider retries what is not answered
2xx within 22 s), and receiving one twice or out of order changes nothing twice.

Topics: `mp-connect` (a seller deauthorized the application: its restaurants are unlinked once the
provider refuses our tokens) and `payment` (a payment of an online checkout was made or changed:
`checkout/payments.py`). Others are acknowledged and ignored.
"""
import hashlib
import hmac
import json
import time
from collections.abc import Awaitable, Callable

import structlog
from redis.asyncio import Redis

from billing.checkout.payments import on_payment_notification
from billing.marketplace.cipher import TokenUnreadable
from billing.marketplace.errors import (
    MarketplaceNotConfigured, NotificationInvalid, NotificationStale, ProviderUnreachable, SignatureInvalid,
)
from billing.marketplace.provider import Unreachable
from billing.marketplace.runtime import Marketplace
from billing.store import Store

log = structlog.get_logger()
IN_FLIGHT_SECONDS = 30  # longer than any notification takes here (the provider's calls time out first)

TopicHandler = Callable[[Store, Marketplace, dict, str], Awaitable[None]]


def signed_parts(x_signature: str | None) -> dict[str, str]:
    return dict(part.strip().split("=", 1) for part in (x_signature or "").split(",") if "=" in part)


def signature_valid(secret: str, x_signature: str | None, request_id: str | None, data_id: str | None) -> bool:
    if not secret or not x_signature:
        return False
    parts = signed_parts(x_signature)
    ts, v1 = parts.get("ts"), parts.get("v1")
    if not ts or not v1:
        return False
    signed = (("id", (data_id or "").lower()), ("request-id", request_id or ""), ("ts", ts))
    manifest = "".join(f"{name}:{value};" for name, value in signed if value)
    expected = hmac.new(secret.encode(), manifest.encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, v1.lower())


async def on_connect(store: Store, marketplace: Marketplace, notification: dict, data_id: str) -> None:
    """`application.deauthorized`: `data.id` is the seller. Confirmed by the provider refusing our
    tokens (`Accounts.confirm_deauthorized`), which unlinks the seller's restaurants."""
    if notification.get("action") != "application.deauthorized":
        return
    try:
        account_id = int(data_id)
    except ValueError:
        raise NotificationInvalid()
    try:
        dropped = await marketplace.accounts.confirm_deauthorized(store.session, account_id)
    except Unreachable:
        raise ProviderUnreachable()  # not confirmed yet: answered 502, so the provider sends it again
    except TokenUnreadable:
        log.error("marketplace_token_unreadable", account=account_id)
        raise MarketplaceNotConfigured()  # answered 503: sent again once the key is back
    log.info("marketplace_deauthorization", account=account_id, unlinked=dropped)


# type -> handler
TOPICS: dict[str, TopicHandler] = {"mp-connect": on_connect, "payment": on_payment_notification}


def fresh(x_signature: str, window_seconds: int) -> bool:
    """The signed `ts` (milliseconds) is within the window of now, either side (clocks differ)."""
    try:
        signed_at = int(signed_parts(x_signature)["ts"]) / 1000
    except (KeyError, ValueError):
        return False
    return abs(time.time() - signed_at) <= window_seconds


async def receive(store: Store, marketplace: Marketplace, redis: Redis, body: bytes, query_data_id: str | None,
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
    window = marketplace.settings.mercadopago_webhook_window_seconds
    if not fresh(x_signature, window):
        log.warning("marketplace_notification_refused", reason="stale", type=notification.get("type"))
        raise NotificationStale()
    if body_data_id is not None and data_id is not None and body_data_id.lower() != data_id.lower():
        raise NotificationInvalid()  # the body must speak of what was signed
    handler = TOPICS.get(str(notification.get("type", "")))
    if handler is None or data_id is None:
        return
    if not request_id:
        raise NotificationInvalid()  # nothing to tell a repeat by
    # Each delivery once: a signed request recorded and sent again inside the window changes
    # nothing (acknowledged). It is held while being acted on (a twin sent at once waits its turn
    # out), and kept only once its effects committed: one that failed here is forgotten, so the
    # provider's retry is acted on.
    seen = f"billing:webhook-request:{hashlib.sha256(request_id.encode()).hexdigest()}"
    if not await redis.set(seen, "acting", nx=True, ex=IN_FLIGHT_SECONDS):
        log.info("marketplace_notification_repeated", type=notification.get("type"))
        return
    try:
        await handler(store, marketplace, notification, data_id)
    except BaseException:
        await redis.delete(seen)
        raise
    store.after_commit(lambda: redis.set(seen, "done", ex=2 * window))
