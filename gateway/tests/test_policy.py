"""Against the RUNNING stack (`make up`): what the gateway enforces on every request.

Body limits per route (413 from Traefik itself, before any service reads a byte), the security
headers on the app and the API, HSTS only over TLS, the password-reset link and place tokens kept
out of every log, and a logout that survives Redis losing its data. The limits and headers are
configured in gateway/dynamic/routes.yml;
deploy/tests/test_gateway_policy.py checks the configuration itself.
"""

from __future__ import annotations

import base64
import contextlib
import http.server
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import httpx
import pytest
import yaml
from PIL import Image

from probes import JSON_ROUTES, json_body

REPO = Path(__file__).resolve().parents[2]
GATEWAY = REPO / "gateway"
LOGS = REPO / ".run" / "logs"
ACCESS_LOG = LOGS / "gateway-access.log"
KIB, MIB = 1024, 1024 * 1024

def png_of(size: int) -> bytes:
    """A real PNG of about `size` bytes (random pixels do not compress)."""
    side = int((size / 3) ** 0.5) + 8
    buf = io.BytesIO()
    Image.frombytes("RGB", (side, side), os.urandom(side * side * 3)).save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def answered_by_gateway(r: httpx.Response) -> bool:
    # Every service (and the web server) marks its responses; Traefik's own answers carry no mark.
    return "X-Service" not in r.headers


# ------------------------------------------------------------------------- body limits
@pytest.mark.parametrize("service", sorted(JSON_ROUTES))
def test_a_one_megabyte_json_body_is_refused_by_the_gateway(client, service):
    r = client.post(JSON_ROUTES[service], content=json_body(MIB), headers={"Content-Type": "application/json"})
    assert r.status_code == 413, (service, r.status_code)
    assert answered_by_gateway(r), r.headers.get("X-Service")


def test_a_chunked_body_without_length_is_cut_at_the_limit(client):
    def chunks():
        for _ in range(16):
            yield b"x" * (64 * KIB)

    r = client.post("/api/menu/", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and answered_by_gateway(r)


@pytest.mark.parametrize("service", sorted(JSON_ROUTES))
def test_a_json_body_under_the_limit_reaches_the_service(client, service):
    r = client.post(JSON_ROUTES[service], content=json_body(48 * KIB), headers={"Content-Type": "application/json"})
    assert r.status_code != 413
    assert r.headers.get("X-Service") == service


def test_a_two_megabyte_image_passes_the_dish_image_route(client):
    """No token: catalog itself refuses it (401), which proves the gateway let 2 MB through."""
    image = png_of(2 * MIB)
    assert len(image) >= 2 * MIB
    r = client.post("/api/dish-image/", data={"dish": "1"}, files={"image": ("plato.png", image, "image/png")})
    assert r.headers.get("X-Service") == "catalog"
    assert r.status_code == 401


def test_an_image_over_the_upload_limit_is_refused(client):
    r = client.post("/api/dish-image/", data={"dish": "1"},
                    files={"image": ("plato.png", b"\x89PNG" + b"\0" * (7 * MIB), "image/png")})
    assert r.status_code == 413 and answered_by_gateway(r)


def test_the_dish_form_takes_several_images(client):
    """The dish form sends up to ten images of at most 5 MB with its fields."""
    files = [("dish_dimage", (f"plato-{i}.png", b"\x89PNG" + b"\0" * (3 * MIB), "image/png")) for i in range(4)]
    r = client.post("/api/dish/", data={"name": "Milanesa"}, files=files)
    assert r.headers.get("X-Service") == "catalog" and r.status_code == 401


def test_image_routes_do_not_widen_json_routes(client):
    """Only the upload endpoints get the large limit: a JSON path of the same service does not."""
    r = client.put("/api/restaurant-atributes/1/horario/", content=json_body(MIB),
                   headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and answered_by_gateway(r)
    r = client.post("/api/dish/bulk-probe/", content=json_body(MIB), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and answered_by_gateway(r)


def test_a_client_uploads_a_two_megabyte_profile_image(client):
    """End to end: a real 2 MB PNG through the gateway, stored by identity."""
    email = f"imagen-{uuid.uuid4().hex[:10]}@example.com"
    password = "Tomate-Rojo-81"
    registered = client.post("/api/cliente/", json={"fk_user": {
        "first_name": "Ana Ruiz", "email": email, "password": password, "password2": password}})
    assert registered.status_code == 201, registered.text
    token = registered.json()["auth_token"]
    image = png_of(2 * MIB)
    assert len(image) >= 2 * MIB
    r = client.put("/api/cliente/actualizar/", headers={"Authorization": f"Token {token}"},
                   data={"first_name": "Ana Ruiz"}, files={"imagen": ("yo.png", image, "image/png")})
    assert r.status_code == 200, r.text
    assert r.headers.get("X-Service") == "identity"


# ------------------------------------------------------------------------- security headers
def csp(r: httpx.Response) -> dict[str, list[str]]:
    policy = r.headers.get("Content-Security-Policy", "")
    out = {}
    for directive in filter(None, (d.strip() for d in policy.split(";"))):
        name, *values = directive.split()
        out[name] = values
    return out


def assert_security_headers(r: httpx.Response) -> None:
    policy = csp(r)
    assert policy.get("default-src") == ["'self'"], policy
    assert policy.get("script-src") == ["'self'"], "no inline or eval'd scripts"
    assert policy.get("frame-ancestors") == ["'none'"]
    assert policy.get("object-src") == ["'none'"]
    assert set(policy.get("img-src", [])) == {"'self'", "data:", "blob:"}
    assert r.headers.get("X-Content-Type-Options") == "nosniff"
    assert r.headers.get("Referrer-Policy") == "no-referrer"
    assert r.headers.get("X-Frame-Options") == "DENY"
    assert "Strict-Transport-Security" not in r.headers, "HSTS over plain HTTP"


@pytest.mark.parametrize("path", ["/", "/menu", "/recuperar-contrasena/MQ/some-token"])
def test_app_pages_carry_the_security_headers(client, path):
    r = client.get(path, headers={"Accept": "text/html"})
    assert r.status_code == 200 and r.headers.get("X-Service") == "web"
    assert_security_headers(r)


def test_app_assets_carry_the_security_headers(client):
    import re

    assets = re.findall(r'src="(/assets/[^"]+\.js)"', client.get("/").text)
    if not assets:
        pytest.skip("the web app is not built")
    r = client.get(assets[0])
    assert r.status_code == 200
    assert_security_headers(r)


@pytest.mark.parametrize("service", sorted(JSON_ROUTES))
def test_api_responses_carry_the_security_headers(client, service):
    r = client.get(JSON_ROUTES[service] + "gateway-policy-probe/")
    assert r.headers.get("X-Service") == service
    assert_security_headers(r)


def test_the_gateway_own_answers_carry_the_security_headers(client):
    r = client.post("/api/menu/", content=json_body(MIB), headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert_security_headers(r)


def test_a_forged_forwarded_proto_does_not_turn_hsts_on(client):
    r = client.get("/", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in r.headers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def tls_gateway():
    """A second Traefik started from gateway/traefik-tls.yml (compose's `tls` profile, the k8s
    `prod` overlay) on free local ports, with the same route table, in front of the same services."""
    traefik = shutil.which("traefik", path=str(REPO / ".venv" / "bin")) or shutil.which("traefik")
    if not traefik:
        pytest.skip("no traefik binary")
    tls_port, redirect_port = free_port(), free_port()
    with tempfile.TemporaryDirectory() as tmp:
        static = yaml.safe_load((GATEWAY / "traefik-tls.yml").read_text())
        static["entryPoints"]["web"]["address"] = f"127.0.0.1:{tls_port}"
        static["entryPoints"]["web-redirect"]["address"] = f"127.0.0.1:{redirect_port}"
        static["providers"]["file"]["directory"] = str(GATEWAY / "dynamic")
        static["accessLog"]["filePath"] = f"{tmp}/access.log"
        static["log"]["filePath"] = f"{tmp}/traefik.log"
        (Path(tmp) / "traefik.yml").write_text(yaml.safe_dump(static))
        proc = subprocess.Popen([traefik, f"--configFile={tmp}/traefik.yml"], cwd=GATEWAY,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with httpx.Client(base_url=f"https://127.0.0.1:{tls_port}", verify=False, timeout=10) as c:
                deadline = time.monotonic() + 15
                while True:
                    try:
                        if c.get("/").status_code == 200:
                            break
                    except httpx.HTTPError:
                        pass
                    if time.monotonic() > deadline or proc.poll() is not None:
                        pytest.fail("the TLS gateway did not start: " + (Path(tmp) / "traefik.log").read_text()[-2000:])
                    time.sleep(0.2)
                c.redirect_base = f"http://127.0.0.1:{redirect_port}"
                yield c
        finally:
            proc.terminate()
            proc.wait(timeout=10)


@pytest.mark.parametrize("path", ["/", "/api/menu/gateway-policy-probe/"])
def test_hsts_is_sent_over_tls(tls_gateway, path):
    r = tls_gateway.get(path)
    assert r.headers.get("X-Service") in ("web", "catalog")
    sts = r.headers.get("Strict-Transport-Security", "")
    assert "includeSubDomains" in sts
    assert int(sts.split("max-age=")[1].split(";")[0]) >= 31536000
    assert_security_headers_but_hsts(r)


def test_plain_http_only_redirects_to_https(tls_gateway):
    r = httpx.get(tls_gateway.redirect_base + "/menu?x=1", follow_redirects=False)
    assert r.status_code in (301, 308)
    assert r.headers["Location"].startswith("https://127.0.0.1/menu")
    assert "X-Service" not in r.headers


def assert_security_headers_but_hsts(r: httpx.Response) -> None:
    headers = httpx.Headers({k: v for k, v in r.headers.items() if k.lower() != "strict-transport-security"})
    assert_security_headers(httpx.Response(r.status_code, headers=headers))


# ------------------------------------------------------------------------- access log
def access_log_lines_since(offset: int) -> list[str]:
    with ACCESS_LOG.open("rb") as f:
        f.seek(offset)
        return f.read().decode(errors="replace").splitlines()


def test_reset_tokens_never_reach_the_access_log(client):
    if not ACCESS_LOG.exists():
        pytest.skip("no local access log (the stack was not started by deploy/local/stack.py)")
    offset = ACCESS_LOG.stat().st_size
    secret, referred, marker = (uuid.uuid4().hex for _ in range(3))
    page = client.get(f"/recuperar-contrasena/MQ/{secret}", headers={"Accept": "text/html", "X-Request-ID": marker + "-page"})
    assert page.status_code == 200 and page.headers.get("X-Service") == "web"
    # The marketplace's one-use code on its way back to the app is no more loggable than a reset link
    # (before the marker call below: once the marker is in the log, so would be this line).
    back = client.get(f"/restaurante/autorizacion/?code=TG-{secret}&state=1.{secret}", headers={"Accept": "text/html"})
    assert back.status_code == 200 and back.headers.get("X-Service") == "web"
    # The page's own API call, with the Referer a browser that ignores Referrer-Policy would send.
    api = client.post("/api/auth/users/reset_password_confirm/", json={"uid": "MQ", "token": referred, "new_password": "x"},
                      headers={"Referer": f"http://127.0.0.1/recuperar-contrasena/MQ/{referred}", "X-Request-ID": marker})
    deadline = time.monotonic() + 5
    while not any(marker in line for line in access_log_lines_since(offset)):
        assert time.monotonic() < deadline, "the API request never reached the access log"
        time.sleep(0.1)
    lines = access_log_lines_since(offset)
    assert not [line for line in lines if secret in line or referred in line]
    entry = next(json.loads(line) for line in lines if marker in line and marker + "-page" not in line)
    assert entry["RequestPath"] == "/api/auth/users/reset_password_confirm/"
    assert api.status_code != 413


# ------------------------------------------------------------------------- place tokens
# Every path that carries a place's token, by the router that must keep it out of the access log.
PLACE_TOKEN_PATHS = {
    "floor-place-token": ["/api/sit/lugar/{t}/", "/api/qr/lugar/{t}.png", "/api/qr/lugar/{t}.svg", "/api/llamar-mozo/{t}/"],
    "ordering-place-token": ["/api/ordenes/lugar/{t}/", "/api/delivery/seguimiento/{t}/"],
    "billing-diner-secrets": ["/api/pagar-orden/mercadopago/mesa/", "/api/pagar-orden/mercadopago/estado/"],  # ?t=, ?ref=
    "web-diner-page": ["/menus", "/menus/", "/seguimiento"],
}


def test_place_token_routes_are_their_owner_routes_kept_out_of_the_access_log():
    import route_table

    routes = route_table.load({})
    for name, paths in PLACE_TOKEN_PATHS.items():
        for path in paths:
            router = route_table.router_for(path.format(t="AbC-123_xyz"), routes)
            assert router.name == name, (path, router.name)
        config = routes["http"]["routers"][name]
        assert config["observability"]["accessLogs"] is False, name
        owner = routes["http"]["routers"][{"web-diner-page": "web"}.get(name, name.split("-")[0])]
        assert config["service"] == owner["service"]
        assert config["middlewares"] == owner["middlewares"], f"{name}: the same middlewares as its owner's router"


def log_sizes() -> dict[Path, int]:
    return {path: path.stat().st_size for path in LOGS.glob("*.log")}


def written_since(sizes: dict[Path, int]) -> dict[str, str]:
    out = {}
    for path in LOGS.glob("*.log"):
        with path.open("rb") as f:
            f.seek(sizes.get(path, 0))
            out[path.name] = f.read().decode(errors="replace")
    return out


def test_a_place_token_reaches_no_log(client):
    """A diner's every call with a fresh place token, through the gateway: the token is in no file
    under .run/logs (gateway access log, gateway log, every service's log)."""
    if not ACCESS_LOG.exists():
        pytest.skip("no local logs (the stack was not started by deploy/local/stack.py)")
    from test_notifications import register_owner
    from test_platform_flows import eventually

    restaurant, token = register_owner(client, "Mesa Secreta")
    owner = {"Authorization": f"Token {token}"}
    eventually(lambda: client.get(f"/api/menu/?restaurant={restaurant}", headers=owner).status_code == 200)
    menu = client.post("/api/menu/", json={"name": "Carta", "restaurant": restaurant}, headers=owner).json()["id"]

    def place_created():
        answer = client.post("/api/sit/", json={"location": [{"fk_resto": restaurant, "fk_menu": menu, "i_name": "M1", "sit_type": "mesa",
                                                               "x_axis": 0, "y_axis": 0, "w_width": 2, "h_high": 2}]}, headers=owner)
        place_created.answer = answer
        return answer.status_code == 201

    sizes = log_sizes()
    eventually(place_created)
    code = place_created.answer.json()[0]["qr"].split("?p=")[1]
    unknown = uuid.uuid4().hex  # a guessed token is as secret in a log as a real one
    marker = uuid.uuid4().hex

    assert client.get(f"/menus?p={code}", headers={"Accept": "text/html"}).status_code == 200
    assert client.get(f"/api/sit/lugar/{code}/").status_code == 200
    assert client.get(f"/api/qr/lugar/{code}.png").status_code == 200
    assert client.get(f"/api/qr/lugar/{code}.svg").status_code == 200
    eventually(lambda: client.get(f"/api/ordenes/lugar/{code}/").status_code == 200)
    client.post(f"/api/ordenes/lugar/{code}/", json={"diner_name": "Ana", "ordenes": [{"fk_dish": 999999, "quantity": 1}]},
                headers={"Idempotency-Key": str(uuid.uuid4())})
    client.post(f"/api/ordenes/lugar/{code}/", content=b"{not json", headers={"Content-Type": "application/json"})
    client.put(f"/api/llamar-mozo/{code}/")
    client.get(f"/api/pagar-orden/mercadopago/mesa/?t={code}")  # the table's online checkouts (billing)
    for path in (f"/api/sit/lugar/{unknown}/", f"/api/ordenes/lugar/{unknown}/", f"/api/qr/lugar/{unknown}.png", f"/menus?p={unknown}",
                 f"/api/pagar-orden/mercadopago/estado/?ref={unknown}"):
        client.get(path)
    client.get(f"/api/menu/?restaurant={restaurant}", headers={**owner, "X-Request-ID": marker})

    deadline = time.monotonic() + 5
    while marker not in written_since(sizes).get(ACCESS_LOG.name, ""):
        assert time.monotonic() < deadline, "the marker request never reached the access log"
        time.sleep(0.1)
    leaks = {name: [line for line in text.splitlines() if code in line or unknown in line]
             for name, text in written_since(sizes).items()}
    assert not {name: lines for name, lines in leaks.items() if lines}, "a place token was written to a log"


# ------------------------------------------------------------------------- logout and Redis
def claims(token: str) -> dict:
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def test_a_logged_out_token_stays_refused_by_every_service_when_redis_loses_it(client):
    """Redis loses the logout, the account's generation copy and the mark that the copy is whole
    (deleting only those keys: the stack's Redis is shared with other suites): every service refuses
    the logged-out token meanwhile (401, or 503 while identity writes the copy back, never 200);
    identity's watchdog writes it back, then it is 401 everywhere and the account's other session works."""
    import redis
    sys.path.insert(0, str(REPO / "deploy" / "local"))
    import config

    email = f"sesion-{uuid.uuid4().hex[:10]}@example.com"
    password = "Tomate-Rojo-81"
    registered = client.post("/api/cliente/", json={"fk_user": {"first_name": "Ana Ruiz", "email": email, "password": password, "password2": password}})
    assert registered.status_code == 201, registered.text
    logged_out = registered.json()["auth_token"]
    live = client.post("/api/auth/token/login/", json={"username": email, "password": password}).json()["auth_token"]
    assert client.post("/api/auth/token/logout/", headers={"Authorization": f"Token {logged_out}"}).status_code == 204
    ids = claims(logged_out)

    def whoami(port: int, token: str) -> int:
        return httpx.get(f"http://127.0.0.1:{port}/whoami", headers={"Authorization": f"Token {token}"}, timeout=10).status_code

    store = redis.Redis.from_url(config.infra_logins(config.TESTS_USER)["REDIS_URL"])  # the stack's database, as the suites' user
    try:
        store.delete(f"auth:revoked:{ids['jti']}", f"auth:generation:{ids['sub']}", "auth:mirrored")
        for name, port in config.SERVICES.items():
            assert whoami(port, logged_out) in (401, 503), name
        deadline = time.monotonic() + 5
        while not store.exists("auth:mirrored"):
            assert time.monotonic() < deadline, "identity did not write the copy back"
            time.sleep(0.05)
        assert store.exists(f"auth:revoked:{ids['jti']}")
        for name, port in config.SERVICES.items():
            assert whoami(port, logged_out) == 401, name
            assert whoami(port, live) == 200, name
    finally:
        store.close()


# ------------------------------------------------------------------------- public reads
# GET and HEAD of the public menu, the stored images and the app's files go through routers without
# the buffering middleware (gateway/README.md, "What the gateway costs"): by router, a path of each.
PUBLIC_READS = {
    "catalog-public-reads": ["/api/public-menu/?menu=999999999", "/media/catalog/gateway-policy-probe.jpg"],
    "identity-public-reads": ["/media/identity/gateway-policy-probe.png"],
    "web-assets": ["/assets/gateway-policy-probe.js"],
}


def access_log_entry(marker: str, offset: int) -> dict:
    deadline = time.monotonic() + 5
    while True:
        found = [json.loads(line) for line in access_log_lines_since(offset) if marker in line]
        if found:
            return found[0]
        assert time.monotonic() < deadline, f"no access log line for {marker}"
        time.sleep(0.05)


@pytest.mark.parametrize(("router", "path"), [(r, p) for r, paths in PUBLIC_READS.items() for p in paths])
def test_a_public_read_keeps_the_security_headers_and_the_clients_request_id(client, router, path):
    if not ACCESS_LOG.exists():
        pytest.skip("no local access log (the stack was not started by deploy/local/stack.py)")
    offset, marker = ACCESS_LOG.stat().st_size, f"lectura-{uuid.uuid4().hex}"
    r = client.get(path, headers={"X-Request-ID": marker})
    assert r.headers.get("X-Service") in ("catalog", "identity", "web")
    assert_security_headers(r)
    assert r.headers.get("X-Request-ID") == marker, "the service saw the client's id"
    entry = access_log_entry(marker, offset)
    assert entry["RouterName"] == f"{router}@file"
    assert entry["request_X-Request-Id"] == entry["origin_X-Request-Id"] == marker


def test_a_public_read_without_an_id_gets_the_gateways_and_the_service_uses_it(client):
    if not ACCESS_LOG.exists():
        pytest.skip("no local access log (the stack was not started by deploy/local/stack.py)")
    offset = ACCESS_LOG.stat().st_size
    r = client.get(PUBLIC_READS["catalog-public-reads"][0] + f"&probe={uuid.uuid4().hex}")
    given = r.headers["X-Request-ID"]
    assert uuid.UUID(given).version == 4, "made by the request-id plugin"
    entry = access_log_entry(given, offset)
    assert entry["RouterName"] == "catalog-public-reads@file"
    assert entry["request_X-Request-Id"] == entry["origin_X-Request-Id"] == given


def test_the_public_menu_goes_out_as_catalog_compressed_it(client):
    """Catalog keeps the menu gzipped and answers phones with those bytes: the gateway passes them
    on untouched (no second compression, same length and ETag)."""
    sys.path.insert(0, str(REPO / "deploy" / "local"))
    import config
    from test_notifications import register_owner
    from test_platform_flows import eventually

    restaurant, token = register_owner(client, "Carta Comprimida")
    owner = {"Authorization": f"Token {token}"}
    eventually(lambda: client.get(f"/api/menu/?restaurant={restaurant}", headers=owner).status_code == 200)
    menu = client.post("/api/menu/", json={"name": "Carta", "restaurant": restaurant}, headers=owner).json()["id"]
    category = client.post("/api/menu-group/", json={"name": "Pastas", "menu": menu, "order": 0}, headers=owner).json()["id"]
    picture = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 120, 40)).save(picture, "JPEG")
    dish = client.post("/api/dish/", headers=owner, files=[("dish_dimage", ("plato.jpg", picture.getvalue(), "image/jpeg"))],
                       data={"name": "Ñoquis", "price": "5400.00", "description": "con salsa de la casa " * 10,
                             "menu_group": str(category), "order": "0"})
    assert dish.status_code == 201, dish.text
    phone = {"Accept-Encoding": "gzip, deflate, br"}
    through = client.get(f"/api/public-menu/?menu={menu}", headers=phone)
    direct = httpx.get(f"http://127.0.0.1:{config.SERVICES['catalog']}/api/public-menu/?menu={menu}", headers=phone)
    assert through.status_code == direct.status_code == 200
    assert through.headers.get("Content-Encoding") == direct.headers.get("Content-Encoding") == "gzip"
    assert through.headers["Content-Length"] == direct.headers["Content-Length"]
    assert through.headers["ETag"] == direct.headers["ETag"]
    assert through.content == direct.content


class _Upstream(http.server.BaseHTTPRequestHandler):
    """Stands for every service behind a test gateway: answers 200 and records what arrived."""
    protocol_version = "HTTP/1.1"
    seen: list[dict] = []

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if "chunked" in self.headers.get("Transfer-Encoding", ""):
            while size := int(self.rfile.readline().split(b";")[0], 16):
                body += self.rfile.read(size)
                self.rfile.readline()
            self.rfile.readline()
        self.seen.append({"method": self.command, "path": self.path, "body": len(body),
                          "framing": self.headers.get("Content-Length") or self.headers.get("Transfer-Encoding"),
                          "id": self.headers.get("X-Request-ID")})
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.send_header("X-Service", "upstream")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(b"ok")

    do_GET = do_HEAD = do_POST = do_PUT = _answer

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def gateway_before_a_recorder():
    """A second Traefik with traefik.yml and the route table, in front of one upstream that records
    every request it gets (every service's URL points at it), on free local ports."""
    traefik = shutil.which("traefik", path=str(REPO / ".venv" / "bin")) or shutil.which("traefik")
    if not traefik:
        pytest.skip("no traefik binary")
    upstream = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{upstream.server_address[1]}"
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        static = yaml.safe_load((GATEWAY / "traefik.yml").read_text())
        for name, entrypoint in static["entryPoints"].items():
            entrypoint["address"] = f"127.0.0.1:{port if name == 'web' else free_port()}"
        static["providers"]["file"] = {"directory": str(GATEWAY / "dynamic"), "watch": False}
        static["accessLog"]["filePath"] = f"{tmp}/access.log"
        static["log"]["filePath"] = f"{tmp}/traefik.log"
        (Path(tmp) / "traefik.yml").write_text(yaml.safe_dump(static))
        env = {**os.environ, **{name: url for name in ("IDENTITY_URL", "CATALOG_URL", "FLOOR_URL", "ORDERING_URL",
                                                      "BILLING_URL", "NOTIFICATIONS_URL", "WEB_URL")}}
        proc = subprocess.Popen([traefik, f"--configFile={tmp}/traefik.yml"], cwd=GATEWAY, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as c:
                deadline = time.monotonic() + 15
                while True:
                    try:
                        if c.get("/assets/ready.js").headers.get("X-Service") == "upstream":
                            break
                    except httpx.HTTPError:
                        pass
                    if time.monotonic() > deadline or proc.poll() is not None:
                        pytest.fail("the test gateway did not start: " + (Path(tmp) / "traefik.log").read_text()[-2000:])
                    time.sleep(0.2)
                c.port = port
                yield c, _Upstream.seen
        finally:
            proc.terminate()
            proc.wait(timeout=10)
            upstream.shutdown()


def last_seen(seen: list[dict], marker: str) -> dict:
    return next(s for s in reversed(seen) if s["id"] == marker)


@pytest.mark.parametrize("path", [p for paths in PUBLIC_READS.values() for p in paths])
@pytest.mark.parametrize("framing", ["content-length", "chunked"])
def test_a_get_body_on_a_public_read_never_reaches_the_service(gateway_before_a_recorder, path, framing):
    gateway, seen = gateway_before_a_recorder
    marker = uuid.uuid4().hex
    body = json_body(48 * KIB)
    content = body if framing == "content-length" else iter([body[:KIB], body[KIB:]])
    r = gateway.request("GET", path, content=content, headers={"X-Request-ID": marker})
    assert r.status_code == 200 and r.headers.get("X-Service") == "upstream"
    assert_security_headers(r)
    arrived = last_seen(seen, marker)
    assert arrived["method"] == "GET" and arrived["body"] == 0 and arrived["framing"] is None, arrived


def test_a_head_body_never_reaches_the_service(gateway_before_a_recorder):
    gateway, seen = gateway_before_a_recorder
    marker = uuid.uuid4().hex
    r = gateway.request("HEAD", "/api/public-menu/?menu=1", content=json_body(KIB), headers={"X-Request-ID": marker})
    assert r.status_code == 200
    assert last_seen(seen, marker)["body"] == 0


def test_a_large_get_body_is_not_read_and_the_connection_closes(gateway_before_a_recorder):
    """4 MiB sent with a GET of the public menu: the answer comes, with `Connection: close`, and the
    gateway reads none of it (Go's server drains at most 256 KiB of a body nobody read, and a body
    it knows to be larger not at all)."""
    gateway, seen = gateway_before_a_recorder
    marker, size = uuid.uuid4().hex, 4 * MIB
    with socket.create_connection(("127.0.0.1", gateway.port), timeout=10) as s:
        s.sendall(f"GET /api/public-menu/?menu=1 HTTP/1.1\r\nHost: menu.test\r\nX-Request-ID: {marker}\r\n"
                  f"Content-Length: {size}\r\n\r\n".encode())

        def send_body():
            with contextlib.suppress(OSError):
                s.sendall(b"x" * size)

        sender = threading.Thread(target=send_body, daemon=True)
        sender.start()
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = s.recv(65536)
            assert chunk, "closed without an answer"
            answer += chunk
    head = answer.split(b"\r\n\r\n")[0].decode().lower()
    assert head.startswith("http/1.1 200") and "x-service: upstream" in head
    assert "connection: close" in head
    assert last_seen(seen, marker)["body"] == 0


def test_other_methods_on_a_public_read_path_keep_the_body_limit(gateway_before_a_recorder):
    gateway, seen = gateway_before_a_recorder
    marker = uuid.uuid4().hex
    r = gateway.post("/api/public-menu/?menu=1", content=json_body(48 * KIB), headers={"X-Request-ID": marker})
    assert r.status_code == 200 and last_seen(seen, marker)["body"] == 48 * KIB
    for method in ("POST", "PUT"):
        r = gateway.request(method, "/api/public-menu/?menu=1", content=json_body(MIB))
        assert r.status_code == 413 and answered_by_gateway(r)
        assert_security_headers(r)
