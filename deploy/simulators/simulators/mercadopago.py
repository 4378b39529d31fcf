"""A local stand-in for MercadoPago, the payment marketplace (tests and the local stack only).

Run: uvicorn simulators.mercadopago:app --port 8202. It behaves as ../shared/providers/mercadopago.md
describes the real provider, one host serving both the authorization page and the API:

- OAuth: `GET /authorization` shows a page where the seller (any e-mail: each is an account) authorizes
  or denies the application; back to `redirect_uri` with a one-use `code` (10 minutes) or
  `error=access_denied`, always with the `state`. `POST /oauth/token` exchanges the code, and
  refreshes: every refresh answers a new refresh token and the one used is dead.
- Checkout Pro: `POST /checkout/preferences` (items, `marketplace_fee`, back URLs, notification URL,
  external reference) answers an `init_point`: `/checkout/v1/redirect?pref_id=` is a page where a
  person approves, rejects or leaves the payment pending, then goes back to the matching back URL.
- Payments: `GET /v1/payments/{id}` (fee details: MercadoPago's fee, then the marketplace fee, from the
  seller), `PUT /v1/payments/{id}` `{"status": "cancelled"}` from pending or in_process only. A payment
  names its merchant order (`order.id`), not its preference: `GET /merchant_orders/{id}` names that.
- Refunds: `POST /v1/payments/{id}/refunds` of an approved payment, whole (no body) or `{"amount": x}`
  (up to what is left, at most 20 refunds); refunded whole, the payment becomes `refunded` (notified).
  `GET /v1/payments/{id}/refunds` lists them.
- `GET /users/me`, `GET /users/{id}/mercadopago_account/balance`.
- Webhooks: every payment change (and a seller's deauthorization, `mp-connect`) is POSTed, signed
  (`x-signature: ts=..,v1=HMAC-SHA256(webhook secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;")`,
  `x-request-id`), and retried after `retry_seconds` while it is not answered 2xx.

The control API under `/_control/` is the simulator's own, for tests, the demo and benchmarks: a
response delay, failures on demand (a timeout, a 5xx, a bad signature, an expired token, an account
already linked elsewhere, a refusal), a seller's deauthorization, payment status changes, a
notification sent again, balances, and the log of every notification and its attempts.

    POST /_control/reset                       forget everything
    PUT  /_control/settings                    {delay_ms, webhook_url, retry_seconds, webhook_timeout_seconds,
                                                token_lifetime_seconds, code_lifetime_seconds, release_days,
                                                fee_percent, public_url}: any of them
    POST /_control/failures                    {endpoint: oauth|preferences|payments|merchant_orders|balance|users|webhooks|*,
                                                kind: timeout|server_error|bad_signature|expired_token|
                                                already_linked|forbidden, times: 1, seconds (timeout): 30,
                                                status (server_error): 500, user_id (already_linked)}
    GET|DELETE /_control/failures              the failures waiting / none any more
    POST /_control/deauthorize                 {user_id}: the seller deauthorizes the application
    POST /_control/payments/{id}               {status}: the payment changes (and is notified)
    POST /_control/payments/{id}/notify        its latest notification delivered again
    PUT  /_control/accounts/{user_id}/balance  {available, unavailable, pending_to_review}: a base balance
    POST /_control/accounts/{user_id}/token    a token made without OAuth (no marketplace fee with it)
    GET  /_control/notifications               every notification and its attempts
    GET|POST /_control/sink                    a receiver that answers 200 and keeps what it got

Everything lives in memory: a restart forgets every account, token, preference and payment
(`GET /_control/health` says so).
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
import itertools
import os
import secrets
import time
import uuid
import zlib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any
from urllib.parse import urlencode

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

# The platform's application, as registered with the provider (deploy/local/config.py gives billing
# the same values). Local secrets only: never the real provider's.
CLIENT_ID = "local-marketplace-app"
CLIENT_SECRET = "local-marketplace-secret"
WEBHOOK_SECRET = "local-marketplace-webhook-secret"
# Another application registered with the provider: its codes and tokens are not ours.
OTHER_CLIENT_ID, OTHER_CLIENT_SECRET = "other-marketplace-app", "other-marketplace-secret"

TOKEN_LIFETIME_SECONDS = 15_552_000  # 180 days, as the real provider's
CODE_LIFETIME_SECONDS = 600
CENT = Decimal("0.01")
KEPT = 1000  # notifications (and sink requests) remembered: a long-running local stack stays small
IN_MEMORY = "in memory: a restart forgets every account, token, preference and payment"
# Where a failure may be asked for; "*" is any of the API's.
ENDPOINTS = {"oauth", "preferences", "payments", "merchant_orders", "balance", "users", "webhooks", "*"}
FAILURE_KINDS = {"timeout", "server_error", "bad_signature", "expired_token", "already_linked", "forbidden"}
PAYMENT_STATUSES = {"pending", "approved", "authorized", "in_process", "in_mediation", "rejected",
                    "cancelled", "refunded", "charged_back"}
STATUS_DETAIL = {"approved": "accredited", "pending": "pending_waiting_payment", "in_process": "pending_contingency",
                 "rejected": "cc_rejected_other_reason", "cancelled": "by_collector", "refunded": "refunded",
                 "charged_back": "settled", "authorized": "pending_capture", "in_mediation": "in_mediation"}


def money(value: Any) -> Decimal:
    return Decimal(str(value)).quantize(CENT, ROUND_HALF_UP)


def number(value: Decimal) -> float:
    """Amounts go out as JSON numbers, as the real API sends them."""
    return float(value)


def now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime | None) -> str | None:
    return moment.isoformat(timespec="milliseconds") if moment else None


def seller_id(email: str) -> int:
    """A seller's account id: the same e-mail is the same account, run after run."""
    return 100_000_000 + zlib.crc32(email.strip().lower().encode()) % 900_000_000


def signature(secret: str, data_id: str, request_id: str, ts: str) -> str:
    """The `v1` of `x-signature`: HMAC-SHA256 (hex) over the documented manifest, missing parts dropped."""
    parts = [f"id:{data_id.lower()}" if data_id else "", f"request-id:{request_id}" if request_id else "", f"ts:{ts}"]
    manifest = "".join(f"{part};" for part in parts if part)
    return hmac.new(secret.encode(), manifest.encode(), hashlib.sha256).hexdigest()


def error(status: int, message: str, error_name: str | None = None, cause: list | None = None) -> JSONResponse:
    return JSONResponse({"message": message, "error": error_name or message, "status": status, "cause": cause or []},
                        status_code=status)


@dataclass
class Failure:
    endpoint: str
    kind: str
    times: int = 1
    seconds: float = 30.0  # timeout: how long the answer takes
    status: int = 500  # server_error: which 5xx (or 429)
    user_id: int | None = None  # already_linked: the account the exchange answers for


@dataclass
class Notification:
    id: int
    url: str
    body: dict
    data_id: str
    attempts: list[dict] = field(default_factory=list)
    delivered: bool = False
    given_up: bool = False

    def public(self) -> dict:
        return {"id": self.id, "url": self.url, "body": self.body, "attempts": self.attempts,
                "delivered": self.delivered, "given_up": self.given_up}


class Marketplace:
    """The provider's whole state, in memory."""

    def __init__(self, webhook_url: str | None = None, retry_seconds: list[float] | None = None,
                 public_url: str | None = None):
        self.apps = {CLIENT_ID: CLIENT_SECRET, OTHER_CLIENT_ID: OTHER_CLIENT_SECRET}
        self.webhook_secret = {CLIENT_ID: WEBHOOK_SECRET, OTHER_CLIENT_ID: "other-marketplace-webhook-secret"}
        self.initial = {"webhook_url": webhook_url, "retry_seconds": retry_seconds or [5.0, 30.0, 120.0, 600.0],
                        "public_url": public_url}
        self.tasks: set[asyncio.Task] = set()
        self.reset()

    def reset(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.tasks = set()
        self.webhook_url: dict[str, str | None] = {CLIENT_ID: self.initial["webhook_url"], OTHER_CLIENT_ID: None}
        self.retry_seconds: list[float] = list(self.initial["retry_seconds"])
        self.public_url: str | None = self.initial["public_url"]
        self.webhook_timeout_seconds = 22.0
        self.delay_ms = 0.0
        self.token_lifetime_seconds = TOKEN_LIFETIME_SECONDS
        self.code_lifetime_seconds = CODE_LIFETIME_SECONDS
        self.release_days = 14  # approved money is 'to be released' this long
        self.fee_percent = Decimal("4.99")  # MercadoPago's own fee, taken from the seller first
        self.failures: list[Failure] = []
        self.accounts: dict[int, dict] = {}  # user id -> {email, nickname, base balance}
        self.codes: dict[str, dict] = {}  # code -> {client_id, redirect_uri, user_id, expires}
        self.access: dict[str, dict] = {}  # access token -> {client_id, user_id, expires, oauth}
        self.refresh: dict[str, dict] = {}  # refresh token -> {client_id, user_id} (one use)
        self.last_authorized: int | None = None  # the account most recently given tokens
        self.preferences: dict[str, dict] = {}
        self.payments: dict[int, dict] = {}
        self.notifications: list[Notification] = []
        self.sink: list[dict] = []
        # From the clock (microseconds), as the provider's own ids never repeat: the simulator's
        # state is lost when it restarts, billing's is not, and a payment id it had seen before was
        # taken for a repeat and ignored (a local stack restarted under a kept database).
        start = time.time_ns() // 1000
        self.payment_ids = itertools.count(start)
        self.notification_ids = itertools.count(start)
        self.merchant_order_ids = itertools.count(start)
        self.refund_ids = itertools.count(start)

    # ------------------------------------------------------------------ failures and delay
    def take_failure(self, endpoint: str, kinds: set[str] | None = None) -> Failure | None:
        for failure in self.failures:
            if failure.endpoint in (endpoint, "*") and (kinds is None or failure.kind in kinds):
                if failure.endpoint == "*" and endpoint == "webhooks" and failure.kind != "bad_signature":
                    continue
                failure.times -= 1
                if failure.times <= 0:
                    self.failures.remove(failure)
                return failure
        return None

    async def api_gate(self, endpoint: str) -> Response | None:
        """Every API answer: the configured delay, then a timeout or an error if one was asked for."""
        if self.delay_ms:
            await asyncio.sleep(self.delay_ms / 1000)
        failure = self.take_failure(endpoint, {"timeout", "server_error", "forbidden"})
        if failure is None:
            return None
        if failure.kind == "timeout":
            await asyncio.sleep(failure.seconds)
            return error(504, "gateway_timeout")
        if failure.kind == "forbidden":
            return error(403, "forbidden", "forbidden")
        if failure.status == 429:
            return error(429, "local_rate_limited", "local_rate_limited")
        return error(failure.status, "internal_server_error", "internal_server_error")

    # ------------------------------------------------------------------ accounts and tokens
    def account(self, user_id: int, email: str | None = None) -> dict:
        found = self.accounts.setdefault(user_id, {
            "email": email or f"seller{user_id}@example.com", "base": {"available": Decimal(0), "unavailable": Decimal(0),
                                                                         "pending_to_review": Decimal(0)}})
        if email:
            found["email"] = email
        return found

    def issue(self, client_id: str, user_id: int, oauth: bool = True) -> dict:
        access = f"APP_USR-{secrets.token_hex(8)}-{secrets.token_urlsafe(24)}-{user_id}"
        refresh = f"TG-{secrets.token_hex(12)}-{user_id}"
        expires = time.time() + self.token_lifetime_seconds
        self.access[access] = {"client_id": client_id, "user_id": user_id, "expires": expires, "oauth": oauth}
        if oauth:
            self.refresh[refresh] = {"client_id": client_id, "user_id": user_id}
            self.last_authorized = user_id
        return {
            "access_token": access, "token_type": "bearer", "expires_in": self.token_lifetime_seconds,
            "scope": "offline_access payments read write", "user_id": user_id,
            "refresh_token": refresh if oauth else None, "public_key": f"APP_USR-{uuid.uuid5(uuid.NAMESPACE_URL, str(user_id))}",
            "live_mode": False,
        }

    def bearer(self, request: Request) -> dict | Response:
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header.lower().startswith("bearer ") else request.query_params.get("access_token", "")
        grant = self.access.get(token)
        if grant is None:
            return error(401, "invalid access token", "unauthorized")
        if grant["expires"] <= time.time():
            return error(401, "expired_token", "unauthorized")
        return {**grant, "token": token}

    async def authorized(self, request: Request, endpoint: str) -> dict | Response:
        """The API gate, then the caller's bearer token (an expired-token failure expires it for good)."""
        if (refused := await self.api_gate(endpoint)) is not None:
            return refused
        grant = self.bearer(request)
        if isinstance(grant, Response):
            return grant
        if self.take_failure(endpoint, {"expired_token"}):
            self.access[grant["token"]]["expires"] = time.time() - 1
            return error(401, "expired_token", "unauthorized")
        return grant

    def deauthorize(self, user_id: int, client_id: str = CLIENT_ID) -> None:
        for tokens in (self.access, self.refresh):
            for token in [t for t, g in tokens.items() if g["user_id"] == user_id and g["client_id"] == client_id]:
                del tokens[token]
        self.notify(client_id, self.webhook_url.get(client_id), {
            "type": "mp-connect", "action": "application.deauthorized", "data": {"id": str(user_id)},
            "user_id": user_id, "application_id": client_id,
        })

    # ------------------------------------------------------------------ payments
    def new_payment(self, preference: dict, status: str, payer_email: str) -> dict:
        payment = {
            "id": next(self.payment_ids), "status": status, "status_detail": STATUS_DETAIL[status],
            "transaction_amount": preference["total"], "currency_id": preference["currency_id"],
            "external_reference": preference["external_reference"], "preference_id": preference["id"],
            "collector_id": preference["collector_id"], "client_id": preference["client_id"],
            "marketplace_fee": preference["marketplace_fee"], "notification_url": preference["notification_url"],
            "merchant_order_id": preference["merchant_order_id"], "payer": {"email": payer_email},
            "items": preference["items"], "metadata": preference["metadata"],
            "date_created": now(), "date_approved": None, "date_last_updated": now(), "money_release_date": None,
            "mercadopago_fee": money(preference["total"] * self.fee_percent / 100),
            "refunds": [],
        }
        self.set_status(payment, status, notify=False)
        self.payments[payment["id"]] = payment
        self.payment_changed(payment, "payment.created")
        return payment

    def set_status(self, payment: dict, status: str, notify: bool = True) -> None:
        payment["status"], payment["status_detail"] = status, STATUS_DETAIL[status]
        payment["date_last_updated"] = now()
        if status == "approved" and payment["date_approved"] is None:
            payment["date_approved"] = now()
            payment["money_release_date"] = now() + timedelta(days=self.release_days)
        if notify:
            self.payment_changed(payment, "payment.updated")

    def payment_public(self, payment: dict) -> dict:
        amount = payment["transaction_amount"]
        charged = payment["status"] in ("approved", "refunded", "charged_back", "in_mediation")
        fees = []
        if charged:
            fees = [{"type": "mercadopago_fee", "amount": number(payment["mercadopago_fee"]), "fee_payer": "collector"}]
            if payment["marketplace_fee"]:
                fees.append({"type": "application_fee", "amount": number(payment["marketplace_fee"]), "fee_payer": "collector"})
        net = amount - sum((Decimal(str(f["amount"])) for f in fees), Decimal(0)) if charged else Decimal(0)
        return {
            "id": payment["id"], "status": payment["status"], "status_detail": payment["status_detail"],
            "transaction_amount": number(amount), "currency_id": payment["currency_id"],
            "external_reference": payment["external_reference"], "collector_id": payment["collector_id"],
            "order": {"id": payment["merchant_order_id"], "type": "mercadopago"},
            "marketplace_fee": number(payment["marketplace_fee"]), "payer": payment["payer"],
            "metadata": payment["metadata"], "additional_info": {"items": payment["items"]},
            "date_created": iso(payment["date_created"]), "date_approved": iso(payment["date_approved"]),
            "date_last_updated": iso(payment["date_last_updated"]), "money_release_date": iso(payment["money_release_date"]),
            "fee_details": fees, "live_mode": False,
            "transaction_details": {"total_paid_amount": number(amount), "net_received_amount": number(net)},
            "transaction_amount_refunded": number(sum((r["amount"] for r in payment["refunds"]), Decimal(0))),
            "refunds": [self.refund_public(payment, refund) for refund in payment["refunds"]],
        }

    def refund_public(self, payment: dict, refund: dict) -> dict:
        return {"id": refund["id"], "payment_id": payment["id"], "amount": number(refund["amount"]),
                "status": "approved", "date_created": iso(refund["date_created"]), "source": {"type": "collector"}}

    def refund(self, payment: dict, amount: Decimal | None) -> dict | str:
        """A refund of an approved payment (whole when `amount` is None), or why not."""
        if payment["status"] != "approved":
            return f"Payment in status {payment['status']} cannot be refunded"
        left = payment["transaction_amount"] - sum((r["amount"] for r in payment["refunds"]), Decimal(0))
        amount = left if amount is None else amount
        if amount <= 0 or amount > left or amount != amount.quantize(CENT):
            return "invalid refund amount"
        if len(payment["refunds"]) >= 20:
            return "too many refunds"
        refund = {"id": next(self.refund_ids), "amount": amount, "date_created": now()}
        payment["refunds"].append(refund)
        if amount == left:
            self.set_status(payment, "refunded")
        else:  # still approved, less what went back: notified like any change of the payment
            payment["date_last_updated"] = now()
            self.payment_changed(payment, "payment.updated")
        return refund

    def payment_changed(self, payment: dict, action: str) -> None:
        url = payment["notification_url"]
        if url:
            self.notify(payment["client_id"], url, {
                "type": "payment", "action": action, "data": {"id": str(payment["id"])},
                "user_id": payment["collector_id"],
            })

    def balance(self, user_id: int) -> dict:
        base = self.account(user_id)["base"]
        released = to_release = Decimal(0)
        for payment in self.payments.values():
            if payment["collector_id"] != user_id or payment["status"] != "approved":
                continue
            net = Decimal(str(self.payment_public(payment)["transaction_details"]["net_received_amount"]))
            if payment["money_release_date"] <= now():
                released += net
            else:
                to_release += net
        available, unavailable = base["available"] + released, base["unavailable"] + to_release
        return {
            "user_id": user_id, "currency_id": "ARS", "total_amount": number(available + unavailable),
            "available_balance": number(available), "unavailable_balance": number(unavailable),
            "unavailable_balance_by_reason": [{"reason": "to_be_released", "amount": number(to_release)}] if to_release else [],
            "pending_to_review": number(base["pending_to_review"]),
        }

    # ------------------------------------------------------------------ webhooks
    def notify(self, client_id: str, url: str | None, body: dict) -> Notification | None:
        if not url:
            return None
        notification_id = next(self.notification_ids)
        body = {"id": notification_id, "live_mode": False, "date_created": iso(now()), "api_version": "v1", **body}
        data_id = body["data"]["id"]
        separator = "&" if "?" in url else "?"
        topic = "payment" if body["type"] == "payment" else body["type"]
        target = f"{url}{separator}{urlencode({'data.id': data_id, 'type': topic})}"
        notification = Notification(notification_id, target, body, data_id)
        self.notifications = [*self.notifications[-(KEPT - 1):], notification]
        self.send(client_id, notification)
        return notification

    def send(self, client_id: str, notification: Notification) -> None:
        task = asyncio.get_running_loop().create_task(self.deliver(client_id, notification))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def deliver(self, client_id: str, notification: Notification) -> None:
        """Until answered 2xx: at once, then after each of `retry_seconds`, then given up."""
        delays = [0.0, *self.retry_seconds]
        for delay in delays:
            if delay:
                await asyncio.sleep(delay)
            request_id, ts = str(uuid.uuid4()), str(int(time.time() * 1000))
            secret = self.webhook_secret[client_id]
            if self.take_failure("webhooks", {"bad_signature"}):
                secret = "not-the-" + secret
            headers = {"x-request-id": request_id,
                       "x-signature": f"ts={ts},v1={signature(secret, notification.data_id, request_id, ts)}"}
            attempt: dict[str, Any] = {"at": iso(now()), "headers": headers}
            try:
                async with httpx.AsyncClient(timeout=self.webhook_timeout_seconds) as http:
                    answer = await http.post(notification.url, json=notification.body, headers=headers)
                attempt["status"] = answer.status_code
            except httpx.HTTPError as failed:
                attempt["error"] = type(failed).__name__
            notification.attempts.append(attempt)
            if 200 <= attempt.get("status", 0) < 300:
                notification.delivered = True
                return
        notification.given_up = True


# ---------------------------------------------------------------------------------- pages
PAGE = """<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{title}</title><body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 12px">
<h1 style="font-size:1.4em">{title} <small style="color:#888">(simulador local)</small></h1>{body}
<p style="color:#888;font-size:.8em">Simulador de MercadoPago: su estado vive en memoria y se pierde al reiniciarlo.</p>
</body></html>"""

AUTHORIZE_FORM = """<p>La aplicación <b>{client}</b> quiere cobrar en su nombre y retener su comisión de cada venta.</p>
<form method="post">{hidden}
<p><label>E-mail de la cuenta <input name="email" type="email" required value="vendedor@example.com"></label></p>
<p><button type="submit" name="decision" value="authorize">Autorizar</button>
<button type="submit" name="decision" value="deny">Denegar</button></p></form>"""

CHECKOUT_FORM = """<table style="width:100%;border-collapse:collapse">{rows}
<tr><td colspan="2"><b>Total</b></td><td style="text-align:right"><b>$ {total}</b></td></tr></table>
<form method="post">
<p><label>E-mail <input name="payer_email" type="email" value="comprador@example.com"></label></p>
<p><button type="submit" name="decision" value="approve">Pagar (aprobado)</button>
<button type="submit" name="decision" value="reject">Rechazar</button>
<button type="submit" name="decision" value="pending">Dejar pendiente</button></p></form>"""


def hidden_fields(params: dict[str, str]) -> str:
    return "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in params.items())


def with_query(url: str, params: dict[str, Any]) -> str:
    return f"{url}{'&' if '?' in url else '?'}{urlencode({k: '' if v is None else v for k, v in params.items()})}"


# ---------------------------------------------------------------------------------- the app
def create_app(webhook_url: str | None = None, retry_seconds: list[float] | None = None,
               public_url: str | None = None) -> Starlette:
    """A simulator with its own state (each test server gets a fresh one)."""
    mp = Marketplace(webhook_url, retry_seconds, public_url)

    def base_url(request: Request) -> str:
        return (mp.public_url or str(request.base_url)).rstrip("/")

    # -------------------------------------------------------------- OAuth
    async def authorization(request: Request):
        params = dict(request.query_params)
        if request.method == "GET":
            if params.get("client_id") not in mp.apps or params.get("response_type", "code") != "code":
                return HTMLResponse(PAGE.format(title="MercadoPago", body="<p>Aplicación desconocida.</p>"), status_code=400)
            body = AUTHORIZE_FORM.format(client=html.escape(params["client_id"]), hidden=hidden_fields(params))
            return HTMLResponse(PAGE.format(title="Autorizar aplicación", body=body))
        params = {**params, **dict(await request.form())}
        if params.get("client_id") not in mp.apps:
            return error(400, "invalid_client", "invalid_client")
        redirect_uri = params.get("redirect_uri", "")
        back: dict[str, str] = {}
        if params.get("decision") != "authorize":
            back["error"], back["error_description"] = "access_denied", "The user denied the authorization"
        else:
            user_id = seller_id(params.get("email") or "vendedor@example.com")
            mp.account(user_id, params.get("email"))
            code = f"TG-{secrets.token_hex(12)}-{user_id}"
            mp.codes[code] = {"client_id": params["client_id"], "redirect_uri": redirect_uri, "user_id": user_id,
                              "expires": time.time() + mp.code_lifetime_seconds}
            back["code"] = code
        back["state"] = params.get("state", "")
        return RedirectResponse(with_query(redirect_uri, back), status_code=302)

    async def oauth_token(request: Request):
        if (refused := await mp.api_gate("oauth")) is not None:
            return refused
        content_type = request.headers.get("content-type", "")
        data = dict(await request.json()) if "json" in content_type else dict(await request.form())
        client_id, client_secret = str(data.get("client_id", "")), str(data.get("client_secret", ""))
        if mp.apps.get(client_id) != client_secret or not client_secret:
            return error(400, "invalid client_id or client_secret", "invalid_client")
        grant_type = data.get("grant_type")
        if grant_type == "authorization_code":
            grant = mp.codes.pop(str(data.get("code", "")), None)
            if (grant is None or grant["client_id"] != client_id or grant["expires"] <= time.time()
                    or grant["redirect_uri"] != data.get("redirect_uri", "")):
                return error(400, "invalid_grant", "invalid_grant")
            user_id = grant["user_id"]
            if (linked := mp.take_failure("oauth", {"already_linked"})) is not None:
                # an account already linked elsewhere: the one asked for, or the last one authorized
                user_id = linked.user_id or mp.last_authorized or user_id
                mp.account(user_id)
            return JSONResponse(mp.issue(client_id, user_id))
        if grant_type == "refresh_token":
            grant = mp.refresh.pop(str(data.get("refresh_token", "")), None)  # used once, whatever follows
            if grant is None or grant["client_id"] != client_id:
                return error(400, "invalid_grant", "invalid_grant")
            return JSONResponse(mp.issue(client_id, grant["user_id"]))
        return error(400, "unsupported_grant_type", "unsupported_grant_type")

    async def users_me(request: Request):
        grant = await mp.authorized(request, "users")
        if isinstance(grant, Response):
            return grant
        account = mp.account(grant["user_id"])
        return JSONResponse({"id": grant["user_id"], "nickname": account["email"].split("@")[0].upper(),
                             "email": account["email"], "site_id": "MLA", "country_id": "AR"})

    async def balance(request: Request):
        grant = await mp.authorized(request, "balance")
        if isinstance(grant, Response):
            return grant
        if grant["user_id"] != request.path_params["user_id"]:
            return error(403, "forbidden", "forbidden")
        return JSONResponse(mp.balance(grant["user_id"]))

    # -------------------------------------------------------------- checkout preferences
    async def create_preference(request: Request):
        grant = await mp.authorized(request, "preferences")
        if isinstance(grant, Response):
            return grant
        try:
            data = await request.json()
        except ValueError:
            return error(400, "invalid JSON", "bad_request")
        items, problems = [], []
        for index, item in enumerate(data.get("items") or []):
            try:
                price, quantity = Decimal(str(item["unit_price"])), int(item.get("quantity", 1))
            except (KeyError, TypeError, ValueError, InvalidOperation):
                problems.append(f"items[{index}] needs unit_price and quantity")
                continue
            if not str(item.get("title", "")).strip():
                problems.append(f"items[{index}].title is required")
            if price <= 0 or price != price.quantize(CENT) or quantity < 1:
                problems.append(f"items[{index}]: unit_price must be positive with at most 2 decimals, quantity at least 1")
            if item.get("currency_id", "ARS") != "ARS":
                problems.append(f"items[{index}].currency_id must be ARS")
            items.append({"id": str(item.get("id", "")), "title": str(item.get("title", "")), "quantity": quantity,
                          "unit_price": number(price), "currency_id": "ARS"})
        if not items and not problems:
            problems.append("items is required")
        if problems:
            return error(400, "; ".join(problems), "bad_request",
                         [{"code": "invalid_items", "description": p} for p in problems])
        total = money(sum((Decimal(str(i["unit_price"])) * i["quantity"] for i in items), Decimal(0)))
        try:
            fee = Decimal(str(data.get("marketplace_fee") or 0))
        except InvalidOperation:
            fee = Decimal(-1)
        if fee and not grant["oauth"]:
            return error(400, "You cannot use application_fee with this payment", "bad_request",
                         [{"code": 2059, "description": "You cannot use application_fee with this payment"}])
        if fee < 0 or fee > total or fee != fee.quantize(CENT):
            return error(400, "invalid_marketplace_fee", "bad_request",
                         [{"code": "invalid_marketplace_fee", "description": "marketplace_fee must be between 0 and the total"}])
        preference_id = f"{grant['user_id']}-{uuid.uuid4()}"
        preference = {
            "id": preference_id, "collector_id": grant["user_id"], "client_id": grant["client_id"], "items": items,
            "total": total, "currency_id": "ARS", "marketplace_fee": fee,
            "external_reference": str(data.get("external_reference") or ""), "back_urls": data.get("back_urls") or {},
            "auto_return": data.get("auto_return"), "notification_url": data.get("notification_url"),
            "payer": data.get("payer") or {}, "metadata": data.get("metadata") or {},
            "merchant_order_id": next(mp.merchant_order_ids), "date_created": now(),
        }
        mp.preferences[preference_id] = preference
        return JSONResponse(preference_public(request, preference), status_code=201)

    def preference_public(request: Request, preference: dict) -> dict:
        init_point = f"{base_url(request)}/checkout/v1/redirect?{urlencode({'pref_id': preference['id']})}"
        return {
            "id": preference["id"], "collector_id": preference["collector_id"], "client_id": preference["client_id"],
            "items": preference["items"], "marketplace_fee": number(preference["marketplace_fee"]),
            "external_reference": preference["external_reference"], "back_urls": preference["back_urls"],
            "auto_return": preference["auto_return"], "notification_url": preference["notification_url"],
            "payer": preference["payer"], "metadata": preference["metadata"], "date_created": iso(preference["date_created"]),
            "init_point": init_point, "sandbox_init_point": init_point + "&sandbox=1",
        }

    async def sellers_record(request: Request, endpoint: str, records: dict, key: str, missing: str) -> dict | Response:
        """The record the path names (`key`) if it is the calling seller's, else the refusal: another
        seller's record is not found, as in MercadoPago."""
        grant = await mp.authorized(request, endpoint)
        if isinstance(grant, Response):
            return grant
        record = records.get(request.path_params[key])
        if record is None or record["collector_id"] != grant["user_id"]:
            return error(404, missing, "not_found")
        return record

    async def get_preference(request: Request):
        preference = await sellers_record(request, "preferences", mp.preferences, "preference_id", "preference not found")
        if isinstance(preference, Response):
            return preference
        return JSONResponse(preference_public(request, preference))

    async def get_merchant_order(request: Request):
        """The order a preference's payments belong to, as `GET /merchant_orders/{id}` answers it."""
        grant = await mp.authorized(request, "merchant_orders")
        if isinstance(grant, Response):
            return grant
        order_id = int(request.path_params["order_id"])
        preference = next((p for p in mp.preferences.values() if p["merchant_order_id"] == order_id), None)
        if preference is None or preference["collector_id"] != grant["user_id"]:
            return error(404, "merchant_order not found", "not_found")
        payments = [p for p in mp.payments.values() if p["merchant_order_id"] == order_id]
        paid = sum((p["transaction_amount"] for p in payments if p["status"] == "approved"), Decimal(0))
        return JSONResponse({
            "id": order_id, "preference_id": preference["id"], "external_reference": preference["external_reference"],
            "status": "closed" if paid >= preference["total"] else "opened", "collector": {"id": preference["collector_id"]},
            "total_amount": number(preference["total"]), "paid_amount": number(paid),
            "payments": [{"id": p["id"], "transaction_amount": number(p["transaction_amount"]), "status": p["status"],
                          "currency_id": p["currency_id"]} for p in payments],
        })

    async def checkout(request: Request):
        preference = mp.preferences.get(request.query_params.get("pref_id", ""))
        if preference is None:
            return HTMLResponse(PAGE.format(title="Pago", body="<p>Esta preferencia de pago no existe.</p>"), status_code=404)
        if request.method == "GET":
            rows = "".join(
                f"<tr><td>{i['quantity']} x</td><td>{html.escape(i['title'])}</td>"
                f"<td style='text-align:right'>$ {money(Decimal(str(i['unit_price'])) * i['quantity'])}</td></tr>"
                for i in preference["items"])
            return HTMLResponse(PAGE.format(title="Pagar con MercadoPago", body=CHECKOUT_FORM.format(rows=rows, total=preference["total"])))
        form = dict(await request.form())
        decision = form.get("decision", "approve")
        status = {"approve": "approved", "reject": "rejected", "pending": "pending"}.get(decision, "pending")
        payment = mp.new_payment(preference, status, str(form.get("payer_email") or "comprador@example.com"))
        back_key = {"approved": "success", "rejected": "failure", "pending": "pending"}[status]
        back = preference["back_urls"].get(back_key)
        params = {"payment_id": payment["id"], "status": status, "external_reference": preference["external_reference"],
                  "merchant_order_id": preference["merchant_order_id"], "preference_id": preference["id"],
                  "collection_id": payment["id"], "collection_status": status, "payment_type": "credit_card"}
        if back:
            return RedirectResponse(with_query(back, params), status_code=302)
        return HTMLResponse(PAGE.format(title="Pago", body=f"<p>Pago {payment['id']}: {status}.</p>"))

    # -------------------------------------------------------------- payments
    async def get_payment(request: Request):
        payment = await sellers_record(request, "payments", mp.payments, "payment_id", "Payment not found")
        if isinstance(payment, Response):
            return payment
        return JSONResponse(mp.payment_public(payment))

    async def update_payment(request: Request):
        payment = await sellers_record(request, "payments", mp.payments, "payment_id", "Payment not found")
        if isinstance(payment, Response):
            return payment
        data = await request.json()
        if data.get("status") != "cancelled":
            return error(400, "only status cancelled may be set", "bad_request")
        if payment["status"] not in ("pending", "in_process"):
            return error(400, f"Payment in status {payment['status']} cannot be cancelled", "bad_request",
                         [{"code": 2063, "description": "the payment cannot be cancelled"}])
        mp.set_status(payment, "cancelled")
        return JSONResponse(mp.payment_public(payment))

    async def refunds(request: Request):
        payment = await sellers_record(request, "payments", mp.payments, "payment_id", "Payment not found")
        if isinstance(payment, Response):
            return payment
        if request.method == "GET":
            return JSONResponse([mp.refund_public(payment, refund) for refund in payment["refunds"]])
        raw = await request.body()
        amount = None
        if raw.strip():
            try:
                data = await request.json()
                amount = None if data.get("amount") is None else Decimal(str(data["amount"]))
            except (ValueError, AttributeError, InvalidOperation):
                return error(400, "invalid refund body", "bad_request")
        refund = mp.refund(payment, amount)
        if isinstance(refund, str):
            return error(400, refund, "bad_request", [{"code": 2085, "description": refund}])
        return JSONResponse(mp.refund_public(payment, refund), status_code=201)

    # -------------------------------------------------------------- control API
    async def health(request: Request):
        return JSONResponse({"status": "ok", "state": IN_MEMORY})

    async def control_reset(request: Request):
        mp.reset()
        return JSONResponse({"reset": True, "state": IN_MEMORY})

    async def control_settings(request: Request):
        data = await request.json()
        if "delay_ms" in data:
            mp.delay_ms = float(data["delay_ms"])
        if "webhook_url" in data:
            mp.webhook_url[data.get("client_id", CLIENT_ID)] = data["webhook_url"]
        if "retry_seconds" in data:
            mp.retry_seconds = [float(s) for s in data["retry_seconds"]]
        for name, cast in (("webhook_timeout_seconds", float), ("token_lifetime_seconds", int),
                           ("code_lifetime_seconds", int), ("release_days", float), ("public_url", str)):
            if name in data:
                setattr(mp, name, cast(data[name]))
        if "fee_percent" in data:
            mp.fee_percent = Decimal(str(data["fee_percent"]))
        return JSONResponse({"delay_ms": mp.delay_ms, "webhook_url": mp.webhook_url[CLIENT_ID],
                             "retry_seconds": mp.retry_seconds, "token_lifetime_seconds": mp.token_lifetime_seconds,
                             "release_days": mp.release_days, "fee_percent": str(mp.fee_percent)})

    async def control_failures(request: Request):
        if request.method == "DELETE":
            mp.failures.clear()
            return JSONResponse({"failures": []})
        if request.method == "POST":
            data = await request.json()
            endpoint, kind = data.get("endpoint", "*"), data.get("kind")
            if endpoint not in ENDPOINTS or kind not in FAILURE_KINDS:
                return JSONResponse({"error": f"endpoint one of {sorted(ENDPOINTS)}, kind one of {sorted(FAILURE_KINDS)}"},
                                    status_code=400)
            mp.failures.append(Failure(endpoint, kind, int(data.get("times", 1)), float(data.get("seconds", 30)),
                                       int(data.get("status", 500)),
                                       int(data["user_id"]) if data.get("user_id") else None))
        return JSONResponse({"failures": [vars(f) for f in mp.failures]})

    async def control_deauthorize(request: Request):
        data = await request.json()
        mp.deauthorize(int(data["user_id"]), data.get("client_id", CLIENT_ID))
        return JSONResponse({"deauthorized": int(data["user_id"])})

    async def control_payment(request: Request):
        payment = mp.payments.get(request.path_params["payment_id"])
        if payment is None:
            return JSONResponse({"error": "no such payment"}, status_code=404)
        status = (await request.json()).get("status")
        if status not in PAYMENT_STATUSES:
            return JSONResponse({"error": f"status one of {sorted(PAYMENT_STATUSES)}"}, status_code=400)
        mp.set_status(payment, status)
        return JSONResponse(mp.payment_public(payment))

    async def control_payment_notify(request: Request):
        """The payment's latest notification delivered again, as the provider repeats them."""
        payment_id = str(request.path_params["payment_id"])
        sent = [n for n in mp.notifications if n.body["type"] == "payment" and n.data_id == payment_id]
        if not sent:
            return JSONResponse({"error": "no notification of this payment"}, status_code=404)
        payment = mp.payments[int(payment_id)]
        mp.send(payment["client_id"], sent[-1])
        return JSONResponse(sent[-1].public())

    async def control_balance(request: Request):
        user_id = request.path_params["user_id"]
        data = await request.json()
        base = mp.account(user_id)["base"]
        for name in ("available", "unavailable", "pending_to_review"):
            if name in data:
                base[name] = money(data[name])
        return JSONResponse(mp.balance(user_id))

    async def control_direct_token(request: Request):
        """An access token the seller made by hand (not through OAuth): no marketplace fee with it."""
        user_id = request.path_params["user_id"]
        mp.account(user_id)
        return JSONResponse(mp.issue(CLIENT_ID, user_id, oauth=False))

    async def control_notifications(request: Request):
        return JSONResponse({"notifications": [n.public() for n in mp.notifications]})

    async def control_sink(request: Request):
        """A receiver that answers 200 and keeps what it got (a webhook URL for tests)."""
        if request.method == "GET":
            return JSONResponse({"received": mp.sink})
        del mp.sink[:-(KEPT - 1)]
        mp.sink.append({"query": str(request.url.query), "headers": {k: v for k, v in request.headers.items()
                                                                         if k.startswith("x-")},
                        "body": (await request.body()).decode()})
        return JSONResponse({"ok": True})

    routes = [
        Route("/authorization", authorization, methods=["GET", "POST"]),
        Route("/oauth/token", oauth_token, methods=["POST"]),
        Route("/users/me", users_me),
        Route("/users/{user_id:int}/mercadopago_account/balance", balance),
        Route("/checkout/preferences", create_preference, methods=["POST"]),
        Route("/checkout/preferences/{preference_id:str}", get_preference),
        Route("/merchant_orders/{order_id:int}", get_merchant_order),
        Route("/checkout/v1/redirect", checkout, methods=["GET", "POST"]),
        Route("/v1/payments/{payment_id:int}", get_payment, methods=["GET"]),
        Route("/v1/payments/{payment_id:int}", update_payment, methods=["PUT"]),
        Route("/v1/payments/{payment_id:int}/refunds", refunds, methods=["GET", "POST"]),
        Route("/_control/health", health),
        Route("/_control/reset", control_reset, methods=["POST"]),
        Route("/_control/settings", control_settings, methods=["PUT"]),
        Route("/_control/failures", control_failures, methods=["GET", "POST", "DELETE"]),
        Route("/_control/deauthorize", control_deauthorize, methods=["POST"]),
        Route("/_control/payments/{payment_id:int}", control_payment, methods=["POST"]),
        Route("/_control/payments/{payment_id:int}/notify", control_payment_notify, methods=["POST"]),
        Route("/_control/accounts/{user_id:int}/balance", control_balance, methods=["PUT"]),
        Route("/_control/accounts/{user_id:int}/token", control_direct_token, methods=["POST"]),
        Route("/_control/notifications", control_notifications),
        Route("/_control/sink", control_sink, methods=["GET", "POST"]),
    ]
    application = Starlette(routes=routes)
    application.state.marketplace = mp
    return application


def _retry_seconds_from_env() -> list[float] | None:
    raw = os.environ.get("MP_SIM_RETRY_SECONDS")
    return [float(s) for s in raw.split(",") if s.strip()] if raw else None


def billing_settings(base_url: str) -> dict[str, str]:
    """Billing's environment pointing at a simulator at `base_url` (the local stack's and the tests')."""
    return {
        "MERCADOPAGO_AUTH_URL": base_url, "MERCADOPAGO_API_URL": base_url,
        "MERCADOPAGO_CLIENT_ID": CLIENT_ID, "MERCADOPAGO_CLIENT_SECRET": CLIENT_SECRET,
        "MERCADOPAGO_WEBHOOK_SECRET": WEBHOOK_SECRET,
    }


# The local stack's process (deploy/local/config.py): where the seller's deauthorization is sent,
# and how soon an unanswered notification is tried again.
app = create_app(webhook_url=os.environ.get("MP_SIM_WEBHOOK_URL") or None, retry_seconds=_retry_seconds_from_env(),
                 public_url=os.environ.get("MP_SIM_PUBLIC_URL") or None)
