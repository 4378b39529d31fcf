"""The marketplace the local stack's billing talks to: the MercadoPago simulator
(deploy/simulators/simulators/mercadopago.py, `MARKETPLACE_SIM_PORT`), as the attacks use it.

An owner links a restaurant at its authorization page and a diner pays at its checkout page, as
people do. Its control API (`/_control/…`) stands in for what the suite cannot see of a real
provider: a seller's token made by hand (the seller reading its own preferences and payments, or
making one of its own), a payment's status changed at the provider, and the sink, a receiver
that keeps the signed notifications the provider sent so the suite can deliver them itself, and
again.
"""
from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "simulators"))
from simulators.mercadopago import WEBHOOK_SECRET, seller_id, signature  # noqa: E402,F401  (seller_id: tenants)

SIMULATOR = f"http://127.0.0.1:{os.environ.get('MARKETPLACE_SIM_PORT', '8202')}"
SINK = f"{SIMULATOR}/_control/sink"
WEBHOOK = "/api/webhooks/mercadopago/"
SINK_SECONDS = 20  # the simulator notifies at once, from a task of its own


def query_of(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


@dataclass
class Notification:
    """One signed notification as the provider sent it: its query (`data.id`, `type`), its
    `x-request-id` and `x-signature`, and its body, byte for byte."""

    query: str
    request_id: str
    x_signature: str
    body: str

    @property
    def data_id(self) -> str:
        return query_of("?" + self.query)["data.id"]

    def send(self, http: httpx.Client, body: str | None = None, request_id: str | None = None,
             x_signature: str | None = None) -> httpx.Response:
        """POST it to the gateway's webhook (as sent, or with a part replaced)."""
        return http.post(f"{WEBHOOK}?{self.query}", content=self.body if body is None else body, headers={
            "content-type": "application/json", "Accept-Language": "en",
            "x-request-id": self.request_id if request_id is None else request_id,
            "x-signature": self.x_signature if x_signature is None else x_signature})

    def signed_at(self, ts_ms: int, request_id: str) -> str:
        """An `x-signature` for this notification's id with another `ts` and request id, made with
        the local application's webhook secret (the simulator's, published with it)."""
        return f"ts={ts_ms},v1={signature(WEBHOOK_SECRET, self.data_id, request_id, str(ts_ms))}"


class Provider:
    """The simulator through its public pages and API, and its control API."""

    def __init__(self, base_url: str = SIMULATOR):
        self.http = httpx.Client(base_url=base_url, timeout=30, follow_redirects=False)
        self.tokens: dict[int, str] = {}

    def close(self) -> None:
        self.http.close()

    def authorize(self, authorization_url: str, email: str) -> dict[str, str]:
        """The owner authorizes the application at the page billing sent it to: back with code and state."""
        back = self.http.post(authorization_url, data={"email": email, "decision": "authorize"})
        if back.status_code != 302:
            raise AssertionError(f"the simulator's authorization page answered {back.status_code} {back.text[:200]}")
        return query_of(back.headers["location"])

    def pay(self, init_point: str, decision: str = "approve") -> int:
        """A diner at the checkout page (`approve`, `reject` or `pending`): the payment's id."""
        back = self.http.post(init_point, data={"decision": decision, "payer_email": "comensal@example.com"})
        if back.status_code != 302:
            raise AssertionError(f"the simulator's checkout page answered {back.status_code} {back.text[:200]}")
        return int(query_of(back.headers["location"])["payment_id"])

    def seller_token(self, seller: int) -> str:
        """A token the seller made by hand (not through our application: no marketplace fee with it)."""
        if seller not in self.tokens:
            made = self.http.post(f"/_control/accounts/{seller}/token")
            made.raise_for_status()
            self.tokens[seller] = made.json()["access_token"]
        return self.tokens[seller]

    def as_seller(self, seller: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.seller_token(seller)}"}

    def reference(self, seller: int, init_point: str) -> str:
        """A charge's `external_reference` (the diner's result page gets it back from the provider):
        read from the charge's preference, as its seller can."""
        preference = self.http.get(f"/checkout/preferences/{query_of(init_point)['pref_id']}", headers=self.as_seller(seller))
        preference.raise_for_status()
        return preference.json()["external_reference"]

    def own_preference(self, seller: int, reference: str, amount: str, notification_url: str) -> str:
        """The seller's own preference under a charge's reference, with no fee for the platform: its checkout page."""
        made = self.http.post("/checkout/preferences", headers=self.as_seller(seller), json={
            "items": [{"title": "Mesa", "quantity": 1, "unit_price": float(amount), "currency_id": "ARS"}],
            "external_reference": reference, "marketplace_fee": 0, "notification_url": notification_url,
            "back_urls": {outcome: f"http://seller.test/{outcome}" for outcome in ("success", "pending", "failure")}})
        if made.status_code != 201:
            raise AssertionError(f"the seller's own preference: {made.status_code} {made.text[:200]}")
        return made.json()["init_point"]

    def payment(self, seller: int, payment_id: int) -> dict:
        found = self.http.get(f"/v1/payments/{payment_id}", headers=self.as_seller(seller))
        found.raise_for_status()
        return found.json()

    def set_status(self, payment_id: int, status: str) -> None:
        """The payment changes at the provider (notified to its preference's notification URL)."""
        self.http.post(f"/_control/payments/{payment_id}", json={"status": status}).raise_for_status()

    def sunk(self, payment_id: int, besides: tuple[Notification, ...] = ()) -> Notification:
        """The next notification of a payment the sink received (other suites share the sink: it
        is told apart by the payment's id)."""
        seen = {n.request_id for n in besides}
        deadline = time.monotonic() + SINK_SECONDS
        while time.monotonic() < deadline:
            for entry in self.http.get("/_control/sink").json()["received"]:
                request_id = entry["headers"].get("x-request-id", "")
                if query_of("?" + entry["query"]).get("data.id") == str(payment_id) and request_id not in seen:
                    return Notification(entry["query"], request_id, entry["headers"]["x-signature"], entry["body"])
            time.sleep(0.1)
        raise AssertionError(f"the provider sent no notification of payment {payment_id} to its sink in {SINK_SECONDS} s")


def now_ms() -> int:
    return int(time.time() * 1000)


def body_naming(notification: Notification, data_id: str) -> str:
    body = json.loads(notification.body)
    body["data"]["id"] = data_id
    return json.dumps(body)
