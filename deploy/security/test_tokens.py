"""Forged, stale and misplaced tokens against one staff endpoint of every service and the staff
socket: `alg: none`, HS256 keyed with the public key (algorithm confusion), another key, a tampered
payload (an owner made admin), an expired token signed with the real key, a logged-out token, and a
client's live token on staff endpoints. Each must be refused: 401 for a bad token (socket 4401),
a refusal for the client (never its data)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid

import pytest
from joserfc import jwt
from joserfc.jwk import ECKey
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tenants import REPO, World, expect

KEYS = REPO / ".run" / "keys"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def claims_of(token: str) -> dict:
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def unsigned(header: dict, claims: dict, signature: bytes = b"") -> str:
    return f"{b64(json.dumps(header).encode())}.{b64(json.dumps(claims).encode())}.{b64(signature)}"


def forged_tokens(world: World) -> dict[str, str]:
    real = world.a.owner.token
    claims = claims_of(real)
    now = int(time.time())
    forged = {
        "alg none": unsigned({"alg": "none", "typ": "JWT"}, claims),
        "alg None (mixed case)": unsigned({"alg": "None", "typ": "JWT"}, claims),
        "alg none made admin": unsigned({"alg": "none", "typ": "JWT"}, {**claims, "groups": [1]}),
        "signed with another key": jwt.encode({"alg": "ES256", "typ": "JWT"}, {**claims, "jti": uuid.uuid4().hex},
                                              ECKey.generate_key("P-256"), algorithms=["ES256"]),
        "payload tampered (owner made admin)": ".".join([real.split(".")[0], b64(json.dumps({**claims, "groups": [1]}).encode()),
                                                        real.split(".")[2]]),
        "garbage": "not.a.jwt",
    }
    public = (KEYS / "jwt_public.pem").read_bytes() if (KEYS / "jwt_public.pem").exists() else b""
    if public:
        header = {"alg": "HS256", "typ": "JWT"}
        signing_input = f"{b64(json.dumps(header).encode())}.{b64(json.dumps(claims).encode())}".encode()
        forged["HS256 keyed with the public key"] = unsigned(header, claims, hmac.new(public, signing_input, hashlib.sha256).digest())
    if (KEYS / "jwt_private.pem").exists():
        key = ECKey.import_key((KEYS / "jwt_private.pem").read_text())
        stale = {**claims, "jti": uuid.uuid4().hex, "iat": now - 7200, "exp": now - 3600}
        forged["expired (the real key)"] = jwt.encode({"alg": "ES256", "typ": "JWT"}, stale, key, algorithms=["ES256"])
    return forged


def staff_endpoints(world: World) -> dict[str, tuple[str, str]]:
    r = world.a.id
    return {
        "identity": ("GET", f"/api/restaurant-atributes/{r}/"),
        "catalog": ("GET", f"/api/menu/?restaurant={r}"),
        "floor": ("GET", f"/api/sit/?fk_resto={r}"),
        "ordering": ("GET", f"/api/ordenes/mesas/?fk_resto={r}"),
        "notifications": ("GET", f"/api/notificaciones/sin-leer/?fk_resto={r}"),
    }


@pytest.fixture(scope="module")
def revoked(world) -> str:
    """A live session of owner A, logged out."""
    session = world.stack.login("owner A (second session)", world.a.owner.email, "Ataque-Seguro-2026")
    expect(world.stack.http.post("/api/auth/token/logout/", headers=session.headers), 204)
    return session.token


def socket_verdict(base_url: str, hello: dict) -> tuple[int | None, str]:
    """How the staff socket answers an auth frame: the close code, or None when it let it in."""
    with connect(base_url.replace("http://", "ws://") + "/ws/notificaciones/", open_timeout=10) as ws:
        ws.send(json.dumps(hello))
        try:
            first = json.loads(ws.recv(timeout=10))
        except ConnectionClosed as closed:
            return (closed.rcvd.code if closed.rcvd else None), ""
        if first.get("type") != "error":
            return None, first.get("type", "")
        try:
            ws.recv(timeout=10)
        except ConnectionClosed as closed:
            return (closed.rcvd.code if closed.rcvd else None), first.get("code", "")
        return None, first.get("code", "")


def test_bad_tokens_are_refused_by_every_service(world, http, base_url, revoked, ledger):
    tokens = {**forged_tokens(world), "logged out": revoked}
    through, tried = [], 0
    for name, token in tokens.items():
        for service, (method, path) in staff_endpoints(world).items():
            answer = http.request(method, path, headers={"Authorization": f"Token {token}"})
            tried += 1
            if answer.status_code != 401:
                through.append(f"{name} token: {method} {path} ({service}) -> {answer.status_code} {answer.text[:100]} (expected 401)")
        code, reason = socket_verdict(base_url, {"type": "auth", "token": token, "fk_resto": world.a.id})
        tried += 1
        if code != 4401:
            through.append(f"{name} token: staff socket -> {'let in (' + reason + ')' if code is None else f'closed {code} {reason}'} (expected close 4401)")
    ledger.add("tokens: forged, expired, revoked", tried=tried, through=through,
               note=f"{len(tokens)} kinds of token x {len(staff_endpoints(world))} services + the staff socket")
    assert not through, "\n".join(through)


def test_a_client_token_opens_no_staff_endpoint(world, http, base_url, ledger):
    through, tried = [], 0
    for service, (method, path) in staff_endpoints(world).items():
        answer = http.request(method, path, headers=world.client.headers)
        tried += 1
        if answer.status_code < 400 or answer.status_code >= 500:
            through.append(f"client token: {method} {path} ({service}) -> {answer.status_code} {answer.text[:100]} (expected a refusal)")
    code, reason = socket_verdict(base_url, {"type": "auth", "token": world.client.token, "fk_resto": world.a.id})
    tried += 1
    if code is None or code < 4000:
        through.append(f"client token: staff socket -> {'let in' if code is None else code} {reason} (expected a 44xx close)")
    ledger.add("tokens: a client's token on staff endpoints", tried=tried, through=through)
    assert not through, "\n".join(through)
