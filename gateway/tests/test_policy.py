"""Against the RUNNING stack (`make up`): what the gateway enforces on every request.

Body limits per route (413 from Traefik itself, before any service reads a byte), the security
headers on the app and the API, HSTS only over TLS, the password-reset link and place tokens kept
out of every log, and a logout that survives Redis losing its data. The limits and headers are
configured in gateway/dynamic/routes.yml;
deploy/tests/test_gateway_policy.py checks the configuration itself.
"""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import pytest
import yaml
from PIL import Image

REPO = Path(__file__).resolve().parents[2]
GATEWAY = REPO / "gateway"
LOGS = REPO / ".run" / "logs"
ACCESS_LOG = LOGS / "gateway-access.log"
KIB, MIB = 1024, 1024 * 1024

# One JSON route of each service (POSTs that need a token: the service would answer 401/403/405,
# never 413, so a 413 can only come from the gateway).
JSON_ROUTES = {
    "identity": "/api/auth/token/login/",
    "catalog": "/api/menu/",
    "floor": "/api/sit/",
    "ordering": "/api/ordenes/",
    "billing": "/api/pagar-orden/",
    "notifications": "/api/notificaciones/",
}


def json_body(size: int) -> bytes:
    head, tail = b'{"padding": "', b'"}'
    return head + b"x" * (size - len(head) - len(tail)) + tail


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
    for path in (f"/api/sit/lugar/{unknown}/", f"/api/ordenes/lugar/{unknown}/", f"/api/qr/lugar/{unknown}.png", f"/menus?p={unknown}"):
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
