"""The marketplace simulator (deploy/simulators/simulators/mercadopago.py) behaves as
../shared/providers/mercadopago.md says the real provider does, over real HTTP: the OAuth link with
one-use codes and refresh tokens, checkout preferences with a marketplace fee, the checkout page,
payments, the balance, signed webhooks retried until answered, and failures on demand."""
from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

from simulators.mercadopago import CLIENT_ID, CLIENT_SECRET, WEBHOOK_SECRET, create_app, seller_id
from simulators.serve import serving

REDIRECT = "http://resto.test/restaurante/autorizacion/"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with serving(create_app()) as url:
        yield url


@pytest.fixture
def http(base) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=10) as client:
        client.post("/_control/reset").raise_for_status()
        client.put("/_control/settings", json={"retry_seconds": [0.05, 0.05, 0.05]}).raise_for_status()
        yield client


def authorize(http: httpx.Client, email: str = "vendedor@example.com", state: str = "10.abc",
              decision: str = "authorize", redirect_uri: str = REDIRECT) -> dict[str, list[str]]:
    """The seller on the authorize page: what the redirect back carries."""
    answer = http.post("/authorization", params={"client_id": CLIENT_ID, "response_type": "code", "platform_id": "mp",
                                                 "state": state, "redirect_uri": redirect_uri},
                       data={"email": email, "decision": decision})
    assert answer.status_code == 302
    location = answer.headers["location"]
    assert location.startswith(redirect_uri)
    return parse_qs(urlsplit(location).query)


def exchange(http: httpx.Client, code: str, redirect_uri: str = REDIRECT, secret: str = CLIENT_SECRET) -> httpx.Response:
    return http.post("/oauth/token", data={"client_id": CLIENT_ID, "client_secret": secret,
                                           "grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri})


def link(http: httpx.Client, email: str = "vendedor@example.com") -> dict:
    answer = exchange(http, authorize(http, email)["code"][0])
    assert answer.status_code == 200, answer.text
    return answer.json()


def bearer(tokens: dict) -> dict[str, str]:
    return {"Authorization": f"Bearer {tokens['access_token']}"}


def preference(http: httpx.Client, tokens: dict, fee: str = "1.50", notification_url: str | None = None, **extra) -> httpx.Response:
    body = {"items": [{"title": "Milanesa", "quantity": 2, "unit_price": 100.5, "currency_id": "ARS"},
                      {"title": "Agua", "quantity": 1, "unit_price": 50, "currency_id": "ARS"}],
            "marketplace_fee": float(fee), "external_reference": "tab-77",
            "back_urls": {"success": "http://resto.test/pago/success", "pending": "http://resto.test/pago/pending",
                          "failure": "http://resto.test/pago/fail"},
            "auto_return": "approved", "notification_url": notification_url, **extra}
    return http.post("/checkout/preferences", json=body, headers=bearer(tokens))


def pay(http: httpx.Client, init_point: str, decision: str = "approve") -> dict[str, list[str]]:
    answer = http.post(init_point, data={"decision": decision})
    assert answer.status_code == 302, answer.text
    return {"location": [answer.headers["location"]], **parse_qs(urlsplit(answer.headers["location"]).query)}


def notifications(http: httpx.Client, done=lambda found: bool(found), seconds: float = 5.0) -> list[dict]:
    """The simulator's log of notifications, once `done` says so (bounded polling)."""
    deadline = time.monotonic() + seconds
    while True:
        found = http.get("/_control/notifications").json()["notifications"]
        if done(found) or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def expected_signature(secret: str, data_id: str, request_id: str, ts: str) -> str:
    manifest = f"id:{data_id};request-id:{request_id};ts:{ts};"
    return hmac.new(secret.encode(), manifest.encode(), hashlib.sha256).hexdigest()


# ------------------------------------------------------------------------- OAuth
def test_the_authorize_page_offers_authorize_and_deny_and_says_its_state_is_in_memory(http):
    page = http.get("/authorization", params={"client_id": CLIENT_ID, "response_type": "code", "state": "s1",
                                              "redirect_uri": REDIRECT})
    assert page.status_code == 200
    assert 'value="authorize"' in page.text and 'value="deny"' in page.text and "memoria" in page.text
    assert "in memory" in http.get("/_control/health").json()["state"]
    assert http.get("/authorization", params={"client_id": "nobody", "redirect_uri": REDIRECT}).status_code == 400


def test_authorizing_sends_back_a_code_with_the_state_and_denying_an_access_denied_error(http):
    back = authorize(http, state="10.first")
    assert back["state"] == ["10.first"] and back["code"][0].startswith("TG-")
    denied = authorize(http, state="10.second", decision="deny")
    assert denied["state"] == ["10.second"] and denied["error"] == ["access_denied"] and "code" not in denied


def test_a_code_is_exchanged_once_for_180_day_tokens_of_the_account_that_authorized(http):
    code = authorize(http, "dueno@example.com")["code"][0]
    tokens = exchange(http, code).json()
    assert tokens["user_id"] == seller_id("dueno@example.com")
    assert tokens["expires_in"] == 15_552_000 and tokens["token_type"] == "bearer"
    assert tokens["access_token"].startswith("APP_USR-") and tokens["refresh_token"] and tokens["public_key"]
    again = exchange(http, code)
    assert (again.status_code, again.json()["error"]) == (400, "invalid_grant")
    me = http.get("/users/me", headers=bearer(tokens)).json()
    assert (me["id"], me["email"]) == (tokens["user_id"], "dueno@example.com")


def test_a_code_is_refused_with_another_redirect_uri_a_wrong_secret_or_once_expired(http):
    code = authorize(http)["code"][0]
    assert exchange(http, code, secret="wrong").json()["error"] == "invalid_client"
    assert exchange(http, code, redirect_uri="http://elsewhere.test/").json()["error"] == "invalid_grant"
    http.put("/_control/settings", json={"code_lifetime_seconds": 0})
    assert exchange(http, authorize(http)["code"][0]).json()["error"] == "invalid_grant"


def test_a_refresh_answers_new_tokens_and_each_refresh_token_works_once(http):
    first = link(http)
    refresh = {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET, "grant_type": "refresh_token"}
    second = http.post("/oauth/token", data={**refresh, "refresh_token": first["refresh_token"]}).json()
    assert second["user_id"] == first["user_id"]
    assert second["access_token"] != first["access_token"] and second["refresh_token"] != first["refresh_token"]
    reused = http.post("/oauth/token", data={**refresh, "refresh_token": first["refresh_token"]})
    assert (reused.status_code, reused.json()["error"]) == (400, "invalid_grant")
    assert http.post("/oauth/token", json={**refresh, "refresh_token": second["refresh_token"]}).status_code == 200
    assert http.get("/users/me", headers=bearer(second)).status_code == 200


def test_a_deauthorized_account_loses_its_tokens_and_the_application_hears_mp_connect(http, base):
    http.put("/_control/settings", json={"webhook_url": f"{base}/_control/sink"})
    tokens = link(http)
    http.post("/_control/deauthorize", json={"user_id": tokens["user_id"]}).raise_for_status()
    assert http.get("/users/me", headers=bearer(tokens)).status_code == 401
    refreshed = http.post("/oauth/token", data={"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                                                "grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]})
    assert refreshed.json()["error"] == "invalid_grant"
    [sent] = notifications(http, lambda found: found and found[0]["delivered"])
    assert (sent["body"]["type"], sent["body"]["action"], sent["body"]["data"]) == (
        "mp-connect", "application.deauthorized", {"id": str(tokens["user_id"])})


# ------------------------------------------------------------------------- checkout and payments
def test_a_preference_carries_the_marketplace_fee_and_an_init_point_to_the_checkout_page(http):
    tokens = link(http)
    answer = preference(http, tokens)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["collector_id"] == tokens["user_id"] and created["marketplace_fee"] == 1.5
    assert created["external_reference"] == "tab-77" and created["id"].startswith(f"{tokens['user_id']}-")
    page = http.get(created["init_point"])
    assert page.status_code == 200 and "251.00" in page.text and 'value="pending"' in page.text
    assert http.get(f"/checkout/preferences/{created['id']}", headers=bearer(tokens)).json()["id"] == created["id"]


@pytest.mark.parametrize("fee", ["251.01", "-1", "0.001"])
def test_a_marketplace_fee_above_the_total_negative_or_past_cents_is_refused(http, fee):
    answer = preference(http, link(http), fee=fee)
    assert answer.status_code == 400 and answer.json()["cause"][0]["code"] == "invalid_marketplace_fee"


def test_items_need_a_title_and_a_price_of_at_most_two_decimals(http):
    tokens = link(http)
    answer = http.post("/checkout/preferences", headers=bearer(tokens),
                       json={"items": [{"title": "", "quantity": 1, "unit_price": 1.005}]})
    assert answer.status_code == 400 and len(answer.json()["cause"]) == 2


def test_a_token_made_without_oauth_cannot_charge_a_marketplace_fee(http):
    direct = http.post(f"/_control/accounts/{seller_id('x@example.com')}/token").json()
    answer = preference(http, direct)
    assert answer.status_code == 400 and answer.json()["cause"][0]["code"] == 2059
    assert preference(http, direct, fee="0").status_code == 201


@pytest.mark.parametrize(("decision", "status", "back"), [
    ("approve", "approved", "/pago/success"), ("reject", "rejected", "/pago/fail"), ("pending", "pending", "/pago/pending"),
])
def test_the_checkout_page_approves_rejects_or_leaves_pending_and_returns_to_the_back_url(http, decision, status, back):
    tokens = link(http)
    created = preference(http, tokens).json()
    returned = pay(http, created["init_point"], decision)
    assert urlsplit(returned["location"][0]).path == back
    assert returned["status"] == [status] and returned["external_reference"] == ["tab-77"]
    assert returned["preference_id"] == [created["id"]] and returned["merchant_order_id"]
    payment = http.get(f"/v1/payments/{returned['payment_id'][0]}", headers=bearer(tokens)).json()
    assert (payment["status"], payment["transaction_amount"], payment["external_reference"]) == (status, 251.0, "tab-77")
    if status == "approved":
        fees = {f["type"]: Decimal(str(f["amount"])) for f in payment["fee_details"]}
        assert fees == {"mercadopago_fee": Decimal("12.52"), "application_fee": Decimal("1.50")}  # 4.99 % of 251.00
        assert Decimal(str(payment["transaction_details"]["net_received_amount"])) == Decimal("236.98")
    else:
        assert payment["fee_details"] == []


def test_a_payment_is_only_the_collecting_sellers(http):
    tokens, other = link(http, "uno@example.com"), link(http, "otro@example.com")
    payment_id = pay(http, preference(http, tokens).json()["init_point"])["payment_id"][0]
    assert http.get(f"/v1/payments/{payment_id}", headers=bearer(other)).status_code == 404
    assert http.get(f"/v1/payments/{payment_id}").status_code == 401


def test_only_a_pending_or_in_process_payment_can_be_cancelled(http):
    tokens = link(http)
    pending = pay(http, preference(http, tokens).json()["init_point"], "pending")["payment_id"][0]
    approved = pay(http, preference(http, tokens).json()["init_point"])["payment_id"][0]
    cancelled = http.put(f"/v1/payments/{pending}", json={"status": "cancelled"}, headers=bearer(tokens))
    assert (cancelled.status_code, cancelled.json()["status"]) == (200, "cancelled")
    refused = http.put(f"/v1/payments/{approved}", json={"status": "cancelled"}, headers=bearer(tokens))
    assert refused.status_code == 400
    assert http.get(f"/v1/payments/{approved}", headers=bearer(tokens)).json()["status"] == "approved"


def test_an_approved_payment_is_refunded_whole_or_in_parts_and_then_says_refunded(http):
    tokens = link(http)
    whole = pay(http, preference(http, tokens).json()["init_point"])["payment_id"][0]
    refund = http.post(f"/v1/payments/{whole}/refunds", headers=bearer(tokens))
    assert (refund.status_code, refund.json()["amount"], refund.json()["payment_id"]) == (201, 251.0, int(whole))
    payment = http.get(f"/v1/payments/{whole}", headers=bearer(tokens)).json()
    assert (payment["status"], payment["transaction_amount_refunded"], len(payment["refunds"])) == ("refunded", 251.0, 1)
    assert http.post(f"/v1/payments/{whole}/refunds", headers=bearer(tokens)).status_code == 400  # nothing left
    parts = pay(http, preference(http, tokens).json()["init_point"])["payment_id"][0]
    first = http.post(f"/v1/payments/{parts}/refunds", json={"amount": 51}, headers=bearer(tokens))
    assert first.status_code == 201
    assert http.get(f"/v1/payments/{parts}", headers=bearer(tokens)).json()["status"] == "approved"
    assert http.post(f"/v1/payments/{parts}/refunds", json={"amount": 200.01}, headers=bearer(tokens)).status_code == 400
    assert http.post(f"/v1/payments/{parts}/refunds", json={"amount": 200}, headers=bearer(tokens)).status_code == 201
    assert http.get(f"/v1/payments/{parts}", headers=bearer(tokens)).json()["status"] == "refunded"
    assert [r["amount"] for r in http.get(f"/v1/payments/{parts}/refunds", headers=bearer(tokens)).json()] == [51.0, 200.0]


def test_only_an_approved_payment_can_be_refunded_and_only_by_its_seller(http):
    tokens, other = link(http, "uno@example.com"), link(http, "otro@example.com")
    pending = pay(http, preference(http, tokens).json()["init_point"], "pending")["payment_id"][0]
    assert http.post(f"/v1/payments/{pending}/refunds", headers=bearer(tokens)).status_code == 400
    approved = pay(http, preference(http, tokens).json()["init_point"])["payment_id"][0]
    assert http.post(f"/v1/payments/{approved}/refunds", headers=bearer(other)).status_code == 404
    assert http.get(f"/v1/payments/{approved}", headers=bearer(tokens)).json()["status"] == "approved"


def test_the_balance_holds_approved_money_until_released_plus_what_the_control_sets(http):
    tokens = link(http)
    pay(http, preference(http, tokens).json()["init_point"])
    pay(http, preference(http, tokens).json()["init_point"], "reject")
    http.put(f"/_control/accounts/{tokens['user_id']}/balance", json={"available": "1000", "pending_to_review": "40.5"})
    balance = http.get(f"/users/{tokens['user_id']}/mercadopago_account/balance", headers=bearer(tokens)).json()
    assert (balance["available_balance"], balance["unavailable_balance"], balance["pending_to_review"],
            balance["total_amount"]) == (1000.0, 236.98, 40.5, 1236.98)
    http.put("/_control/settings", json={"release_days": 0})
    pay(http, preference(http, tokens).json()["init_point"])
    balance = http.get(f"/users/{tokens['user_id']}/mercadopago_account/balance", headers=bearer(tokens)).json()
    assert balance["available_balance"] == 1236.98
    other = link(http, "otro@example.com")
    assert http.get(f"/users/{tokens['user_id']}/mercadopago_account/balance", headers=bearer(other)).status_code == 403


# ------------------------------------------------------------------------- webhooks
def test_every_payment_change_is_notified_signed_over_the_documented_manifest(http, base):
    tokens = link(http)
    created = preference(http, tokens, notification_url=f"{base}/_control/sink").json()
    payment_id = pay(http, created["init_point"], "pending")["payment_id"][0]
    http.post(f"/_control/payments/{payment_id}", json={"status": "approved"}).raise_for_status()
    sent = notifications(http, lambda found: len(found) == 2 and all(n["delivered"] for n in found))
    assert [n["body"]["action"] for n in sent] == ["payment.created", "payment.updated"]
    received = http.get("/_control/sink").json()["received"]
    assert len(received) == 2
    for request in received:
        body = json.loads(request["body"])
        assert body["type"] == "payment" and body["data"] == {"id": payment_id} and body["user_id"] == tokens["user_id"]
        assert parse_qs(request["query"]) == {"data.id": [payment_id], "type": ["payment"]}
        ts, v1 = (part.split("=", 1)[1] for part in request["headers"]["x-signature"].split(","))
        assert v1 == expected_signature(WEBHOOK_SECRET, payment_id, request["headers"]["x-request-id"], ts)


@pytest.fixture
def flaky_receiver() -> Iterator[tuple[str, list[int]]]:
    """A webhook receiver that answers 500 twice, then 200; it keeps the status of each answer."""
    answers: list[int] = []

    async def receive(request):
        answers.append(500 if len(answers) < 2 else 200)
        return JSONResponse({}, status_code=answers[-1])

    with serving(Starlette(routes=[Route("/hook", receive, methods=["POST"])])) as url:
        yield f"{url}/hook", answers


def test_a_notification_not_answered_2xx_is_retried_until_it_is(http, flaky_receiver):
    url, answers = flaky_receiver
    tokens = link(http)
    pay(http, preference(http, tokens, notification_url=url).json()["init_point"])
    [sent] = notifications(http, lambda found: found and found[0]["delivered"])
    assert [a["status"] for a in sent["attempts"]] == [500, 500, 200] == answers
    assert len({a["headers"]["x-request-id"] for a in sent["attempts"]}) == 3  # each attempt signed afresh


def test_an_unreachable_receiver_is_given_up_after_the_retries(http):
    tokens = link(http)
    pay(http, preference(http, tokens, notification_url="http://127.0.0.1:9/hook").json()["init_point"])
    [sent] = notifications(http, lambda found: found and found[0]["given_up"])
    assert len(sent["attempts"]) == 4 and not sent["delivered"]


def test_a_notification_can_be_sent_again_as_the_provider_repeats_them(http, base):
    tokens = link(http)
    payment_id = pay(http, preference(http, tokens, notification_url=f"{base}/_control/sink").json()["init_point"])["payment_id"][0]
    notifications(http, lambda found: found and found[0]["delivered"])
    http.post(f"/_control/payments/{payment_id}/notify").raise_for_status()
    [sent] = notifications(http, lambda found: len(found[0]["attempts"]) == 2)
    first, second = http.get("/_control/sink").json()["received"]
    assert first["body"] == second["body"] and len(sent["attempts"]) == 2


# ------------------------------------------------------------------------- failures on demand and the delay
def test_a_timeout_on_demand_holds_the_answer_past_the_callers_patience(http):
    http.post("/_control/failures", json={"endpoint": "oauth", "kind": "timeout", "seconds": 1})
    code = authorize(http)["code"][0]
    with pytest.raises(httpx.ReadTimeout):
        http.post("/oauth/token", timeout=0.3, data={"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                                                     "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT})
    assert exchange(http, code).status_code == 200  # the timed-out call did nothing: the code still works


@pytest.mark.parametrize("status", [500, 503])
def test_a_server_error_on_demand_answers_once(http, status):
    tokens = link(http)
    http.post("/_control/failures", json={"endpoint": "preferences", "kind": "server_error", "status": status})
    assert preference(http, tokens).status_code == status
    assert preference(http, tokens).status_code == 201


def test_a_bad_signature_on_demand_signs_the_next_delivery_with_another_secret(http, base):
    tokens = link(http)
    http.post("/_control/failures", json={"endpoint": "webhooks", "kind": "bad_signature"})
    pay(http, preference(http, tokens, notification_url=f"{base}/_control/sink").json()["init_point"])
    notifications(http, lambda found: found and found[0]["delivered"])
    [request] = http.get("/_control/sink").json()["received"]
    ts, v1 = (part.split("=", 1)[1] for part in request["headers"]["x-signature"].split(","))
    data_id = json.loads(request["body"])["data"]["id"]
    assert v1 != expected_signature(WEBHOOK_SECRET, data_id, request["headers"]["x-request-id"], ts)


def test_an_expired_token_on_demand_stays_expired_until_refreshed(http):
    tokens = link(http)
    http.post("/_control/failures", json={"endpoint": "users", "kind": "expired_token"})
    expired = http.get("/users/me", headers=bearer(tokens))
    assert (expired.status_code, expired.json()["message"]) == (401, "expired_token")
    assert http.get("/users/me", headers=bearer(tokens)).status_code == 401
    fresh = http.post("/oauth/token", data={"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                                            "grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]}).json()
    assert http.get("/users/me", headers=bearer(fresh)).status_code == 200


def test_already_linked_on_demand_answers_for_an_account_authorized_before(http):
    first = link(http, "primera@example.com")
    http.post("/_control/failures", json={"endpoint": "oauth", "kind": "already_linked"})
    assert link(http, "segunda@example.com")["user_id"] == first["user_id"]
    http.post("/_control/failures", json={"endpoint": "oauth", "kind": "already_linked", "user_id": 123456789})
    assert link(http, "tercera@example.com")["user_id"] == 123456789


def test_forbidden_on_demand_refuses_a_balance_as_some_accounts_get(http):
    tokens = link(http)
    http.post("/_control/failures", json={"endpoint": "balance", "kind": "forbidden"})
    url = f"/users/{tokens['user_id']}/mercadopago_account/balance"
    assert http.get(url, headers=bearer(tokens)).status_code == 403
    assert http.get(url, headers=bearer(tokens)).status_code == 200


def test_a_response_delay_holds_every_api_answer(http):
    tokens = link(http)
    http.put("/_control/settings", json={"delay_ms": 100})
    started = time.monotonic()
    assert preference(http, tokens).status_code == 201
    assert time.monotonic() - started >= 0.1
    assert http.post("/_control/failures", json={"endpoint": "nowhere", "kind": "timeout"}).status_code == 400


def test_a_simulator_started_again_never_hands_out_a_payment_id_it_gave_before(http):
    """Its state lives in memory, billing's in a database: after a restart (or a reset) a repeated
    payment id would be taken by billing for a notification it had already applied, and ignored."""
    tokens = link(http)
    first = pay(http, preference(http, tokens).json()["init_point"])["payment_id"][0]
    with serving(create_app()) as again, httpx.Client(base_url=again, timeout=10) as restarted:
        tokens = link(restarted)
        second = pay(restarted, preference(restarted, tokens).json()["init_point"])["payment_id"][0]
    http.post("/_control/reset").raise_for_status()
    third = pay(http, preference(http, link(http)).json()["init_point"])["payment_id"][0]
    assert int(first) < int(second) < int(third)
