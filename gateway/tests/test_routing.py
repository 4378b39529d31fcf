"""Against the RUNNING stack (`make up`): every prefix of the route table reaches its owner.

Every service marks its responses with `X-Service: <name>` (the kit's middleware; the web app's
server says `web`), and echoes `X-Request-ID`.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

import route_table

REPO = Path(__file__).resolve().parents[2]
ROUTES = sorted(route_table.prefix_owner().items())
SERVICES = sorted({svc for _, svc in ROUTES} - {"web"})
ACCESS_LOG = REPO / ".run" / "logs" / "gateway-access.log"


def probe_path(prefix: str) -> str:
    return prefix if prefix == "/" else prefix + "gateway-routing-probe/"


@pytest.mark.parametrize(("prefix", "owner"), ROUTES, ids=[p for p, _ in ROUTES])
def test_prefix_reaches_its_owner(client, prefix, owner):
    path = probe_path(prefix)
    # The probe path must not be captured by a more specific prefix of another owner.
    assert route_table.owner_of(path) == owner
    r = client.get(path)
    assert r.headers.get("X-Service") == owner, (
        f"GET {path} -> {r.status_code}, X-Service={r.headers.get('X-Service')!r}, expected {owner!r}"
    )


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
def test_every_method_is_routed(client, method):
    r = client.request(method, "/api/auth/gateway-routing-probe/")
    assert r.headers.get("X-Service") == "identity"


def test_more_specific_prefix_wins(client):
    r = client.get("/api/restaurant-atributes/obtener-estado-mp/1/")
    assert r.headers.get("X-Service") == "billing"
    r = client.get("/api/restaurant-atributes/1/")
    assert r.headers.get("X-Service") == "identity"


@pytest.mark.parametrize(("path", "owner"), [
    ("/api/pagar-orden/7/recibir-pago/", "ordering"),
    ("/api/pagar-orden/recibir-varios-pagos/", "ordering"),
    ("/api/pagar-orden/7/cancelar-mercadopago/", "billing"),
])
def test_the_counter_payments_are_orderings_and_the_rest_of_pagar_orden_billings(client, path, owner):
    r = client.post(path, json={})
    assert r.headers.get("X-Service") == owner, (path, r.status_code)


def test_root_is_the_web_app(client):
    r = client.get("/", headers={"Accept": "text/html"})
    assert r.status_code == 200
    assert r.headers.get("X-Service") == "web"
    assert r.headers["content-type"].startswith("text/html")
    assert re.search(r"<!doctype html|<html", r.text, re.I)


def test_client_side_route_falls_back_to_the_app(client):
    r = client.get("/recuperar-contrasena/abc/def", headers={"Accept": "text/html"})
    assert r.status_code == 200
    assert r.headers.get("X-Service") == "web"
    assert r.headers["content-type"].startswith("text/html")


def test_unknown_api_path_is_not_a_page(client):
    r = client.get("/api/no-such-prefix/")
    assert r.status_code == 404
    assert not r.headers["content-type"].startswith("text/html")


def test_paths_reach_services_unchanged(client):
    """No prefix stripping: the service sees /api/... (its 404 for an unknown path under its
    prefix proves the request arrived; a stripped path would hit its root instead)."""
    for svc in SERVICES:
        prefix = next(p for p, o in ROUTES if o == svc)
        r = client.get(prefix + "gateway-routing-probe/")
        assert r.headers.get("X-Service") == svc
        assert r.status_code in (401, 403, 404, 405, 307, 308), (prefix, r.status_code)


def test_websocket_upgrade_reaches_notifications(base_url):
    url = base_url.replace("http://", "ws://") + "/ws/notificaciones/"
    rid = str(uuid.uuid4())
    try:
        with connect(url, open_timeout=5, additional_headers={"X-Request-ID": rid}) as ws:
            # Upgraded through the gateway: /ws/ has a single upstream, notifications.
            assert ws.response.status_code == 101
            return
    except InvalidStatus as e:
        resp = e.response
    # Refused (no endpoint yet, or no token): the refusal must come from notifications, not from
    # the gateway. A refused handshake carries no app headers, so the access log is the witness.
    if resp.headers.get("X-Service") == "notifications":
        return
    entry = access_log_entry(rid)
    assert entry["RouterName"].startswith("notifications"), entry
    assert entry["ServiceURL"].endswith(":8106") or "notifications" in entry["ServiceURL"], entry
    assert entry["OriginStatus"] == resp.status_code, "the answer came from the upstream, not Traefik"


@pytest.mark.parametrize("service", SERVICES + ["web"])
def test_given_request_id_is_kept_end_to_end(client, service):
    prefix = next(p for p, o in ROUTES if o == service)
    rid = str(uuid.uuid4())
    r = client.get(probe_path(prefix), headers={"X-Request-ID": rid})
    assert r.headers.get("X-Service") == service
    assert r.headers.get("X-Request-ID") == rid


def access_log_entry(rid: str) -> dict:
    """The gateway's JSON access-log line for a request id (local launcher only)."""
    if not ACCESS_LOG.exists():
        pytest.skip("no local access log (the stack was not started by deploy/local/stack.py)")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        for line in reversed(ACCESS_LOG.read_text().splitlines()[-2000:]):
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if entry.get("request_X-Request-Id") == rid:
                return entry
        time.sleep(0.2)
    pytest.fail(f"request id {rid} not found in {ACCESS_LOG}")


def test_missing_request_id_is_added_and_logged(client):
    r = client.get("/api/auth/gateway-routing-probe/")
    rid = r.headers.get("X-Request-ID")
    assert rid, "no X-Request-ID on the response"
    entry = access_log_entry(rid)
    assert entry["RequestPath"] == "/api/auth/gateway-routing-probe/"
    assert entry["RouterName"].startswith("identity")


def test_web_assets_are_compressed_and_cached(client):
    html = client.get("/").text
    assets = re.findall(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"', html)
    if not assets:
        pytest.skip("the web app is not built (no /assets/ in index.html)")
    r = client.get(assets[0], headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200
    assert "immutable" in r.headers.get("Cache-Control", "")
    if int(r.headers.get("Content-Length") or len(r.content)) > 1024 or r.headers.get("Content-Encoding"):
        assert r.headers.get("Content-Encoding") in ("gzip", "br", "zstd")


def built_asset(client) -> str:
    assets = re.findall(r'src="(/assets/index-[^"]+\.js)"', client.get("/").text)
    if not assets:
        pytest.skip("the web app is not built (no /assets/ in index.html)")
    return assets[0]


@pytest.mark.parametrize(("accept", "encoding", "suffix"), [("gzip, deflate, br, zstd", "br", ".br"), ("gzip", "gzip", ".gz")])
def test_web_assets_go_out_compressed_at_build_time(client, accept, encoding, suffix):
    """The browser's best encoding, as the build wrote it: the bytes on the wire are the twin file."""
    asset = built_asset(client)
    with client.stream("GET", asset, headers={"Accept-Encoding": accept}) as r:
        raw = b"".join(r.iter_raw())
        assert r.headers["Content-Encoding"] == encoding
        assert r.headers["Content-Type"].startswith("text/javascript")
    assert raw == (REPO / "web" / "dist" / (asset.lstrip("/") + suffix)).read_bytes()


def test_the_diner_page_names_its_files_and_first_request_up_front(client):
    """/menus is index.html plus the diner page's chunks and its early request (issue 13); other
    pages stay as they were."""
    built_asset(client)
    menus = client.get("/menus?menu=1")
    assert menus.status_code == 200 and menus.headers["X-Service"] == "web"
    preloads = re.findall(r'rel="modulepreload" crossorigin href="(/assets/[^"]+)"', menus.text)
    assert any("/diner-menu-page-" in p for p in preloads), preloads
    assert re.search(r'<script type="module" async crossorigin src="/assets/first-request-[^"]+\.js">', menus.text)
    for path in ("/", "/ordenes", "/menus/"):
        page = client.get(path).text
        assert "first-request-" not in page and "diner-menu-page-" not in page, path
    for preload in preloads:  # every named file exists
        assert client.get(preload).status_code == 200, preload
