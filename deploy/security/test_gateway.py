"""What the gateway must stop or add on every request: bodies over a route's limit (413 from the
gateway itself, before any service reads a byte, whether the length is declared or not), the
security headers on every kind of answer, and no bearer secret (a place token) in any log."""
from __future__ import annotations

import re
import time
import uuid

import httpx
import pytest

from probes import JSON_ROUTES, json_body
from tenants import REPO, World

KIB, MIB = 1024, 1024 * 1024
LOGS = REPO / ".run" / "logs"
ACCESS_LOG = LOGS / "gateway-access.log"

def from_gateway(answer: httpx.Response) -> bool:
    return answer.status_code == 413 and "X-Service" not in answer.headers


def test_oversized_bodies_stop_at_the_gateway(http, short, ledger):
    attempts: list[tuple[str, callable]] = []
    for service, path in JSON_ROUTES.items():
        attempts.append((f"1 MiB JSON to {path} ({service})",
                         lambda path=path: http.post(path, content=json_body(MIB), headers={"Content-Type": "application/json"})))

    def chunked(total: int, piece: int = 64 * KIB):
        for _ in range(total // piece):
            yield b"x" * piece

    attempts += [
        ("1 MiB chunked, no length, to /api/ordenes/",
         lambda: http.post("/api/ordenes/", content=chunked(MIB), headers={"Content-Type": "application/json"})),
        ("7 MiB image to /api/dish-image/",
         lambda: http.post("/api/dish-image/", data={"dish": "1"}, files={"image": ("a.png", b"\x89PNG" + b"\0" * (7 * MIB), "image/png")})),
        ("7 MiB logo to /api/restaurant-atributes/",
         lambda: http.post("/api/restaurant-atributes/", files={"logo": ("a.png", b"\x89PNG" + b"\0" * (7 * MIB), "image/png")})),
        ("1 MiB JSON to the menu tree (512 KiB)",
         lambda: http.post("/api/create-nestable-menu/", content=json_body(MIB), headers={"Content-Type": "application/json"})),
        ("1 MiB JSON to an upload route's JSON neighbour /api/restaurant-atributes/1/horario/",
         lambda: http.put("/api/restaurant-atributes/1/horario/", content=json_body(MIB), headers={"Content-Type": "application/json"})),
    ]
    if not short:
        attempts.append(("60 MiB dish form (51 MiB)", lambda: http.post(
            "/api/dish/", data={"name": "x"}, files=[("dish_dimage", (f"{i}.png", b"\x89PNG" + b"\0" * (6 * MIB), "image/png")) for i in range(10)])))
        attempts.append(("64 MiB chunked to /api/dish/ (51 MiB)", lambda: http.post("/api/dish/", content=chunked(64 * MIB, MIB))))
    through = []
    for what, send in attempts:
        answer = send()
        if not from_gateway(answer):
            through.append(f"{what} -> {answer.status_code} from {answer.headers.get('X-Service', 'the gateway')} (expected 413 from the gateway)")
    ledger.add("gateway: oversized bodies", tried=len(attempts), through=through)
    assert not through, "\n".join(through)


REQUIRED_HEADERS = {
    "X-Content-Type-Options": lambda v: v == "nosniff",
    "X-Frame-Options": lambda v: v == "DENY",
    "Referrer-Policy": lambda v: v == "no-referrer",
    "Content-Security-Policy": lambda v: all(d in v for d in ("default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'"))
                                         and "unsafe-eval" not in v and not re.search(r"script-src[^;]*unsafe-inline", v),
    "Permissions-Policy": lambda v: "camera=()" in v and "geolocation=()" in v,
}


def test_every_kind_of_answer_carries_the_security_headers(world: World, http, ledger):
    a = world.a
    dish = http.get(f"/api/dish/{a.dishes[2]}/", headers=a.owner.headers).json()
    media = [i["image"] for i in dish.get("dish_dimage", []) if i.get("image")]
    answers = {
        "app page /": lambda: http.get("/", headers={"Accept": "text/html"}),
        "app page /menus": lambda: http.get("/menus", headers={"Accept": "text/html"}),
        "gateway 413": lambda: http.post("/api/menu/", content=json_body(MIB), headers={"Content-Type": "application/json"}),
        "unknown API path (404)": lambda: http.get("/api/no-such-thing/"),
        **{f"{service} API answer": (lambda path=path: http.get(path + "security-probe/")) for service, path in JSON_ROUTES.items()},
        "public menu (JSON)": lambda: http.get(f"/api/public-menu/?menu={a.menu}"),
        "QR PDF": lambda: http.get(f"/api/qr/menu/{a.menu}/?format=pdf"),
        "place code PNG": lambda: http.get(f"/api/qr/lugar/{a.tokens[a.places[1]]}.png"),
    }
    if media:
        answers["uploaded picture (media)"] = lambda: http.get(httpx.URL(media[0]).path)
    through, named = [], set()
    for what, fetch in answers.items():
        answer = fetch()
        for header, good in REQUIRED_HEADERS.items():
            value = answer.headers.get(header)
            if value is None or not good(value):
                through.append(f"{what}: {answer.request.method} {answer.request.url.path} -> {answer.status_code} "
                               f"with {header}: {value!r}")
        if "Strict-Transport-Security" in answer.headers:
            through.append(f"{what}: HSTS over plain HTTP")
        if answer.headers.get("Server"):
            named.add(answer.headers["Server"])
    ledger.add("gateway: security headers", tried=len(answers), through=through,
               note=f"Server header seen: {', '.join(sorted(named))} (not judged: naming the server is no hole by itself)" if named else None)
    assert not through, "\n".join(through)


def log_lines_since(offsets: dict) -> dict[str, list[str]]:
    found = {}
    for path, offset in offsets.items():
        with path.open("rb") as f:
            f.seek(offset)
            found[path.name] = f.read().decode(errors="replace").splitlines()
    return found


def test_no_place_token_reaches_a_log(world: World, stack, http, ledger):
    """A place token is a bearer credential: using it leaves it in no access or service log."""
    if not ACCESS_LOG.exists():
        pytest.skip("no local logs (the stack was not started by deploy/local/stack.py)")
    a = world.a
    (place,) = stack.new_places(a, 1)
    token = a.tokens[place["id"]]
    logs = sorted(LOGS.glob("*.log"))
    offsets = {path: path.stat().st_size for path in logs}
    marker = uuid.uuid4().hex
    uses = [
        ("GET", f"/api/sit/lugar/{token}/", None),
        ("GET", f"/api/qr/lugar/{token}.png", None),
        ("GET", f"/api/qr/lugar/{token}.svg", None),
        ("GET", f"/api/ordenes/lugar/{token}/", None),
        ("PUT", f"/api/llamar-mozo/{token}/", {"kind": "waiter"}),
        ("POST", f"/api/ordenes/lugar/{token}/", {"diner_name": "Ana", "ordenes": []}),
        ("GET", f"/menus?p={token}", None),
    ]
    for n, (method, path, body) in enumerate(uses):
        http.request(method, path, json=body, headers={"X-Request-ID": f"{marker}-{n}", "Accept": "text/html" if path.startswith("/menus") else "*/*"})
    # The barrier: a request carrying no token, sent after them, reaches the access log (routes that
    # carry a token may keep out of it altogether).
    http.get(f"/api/sit/?fk_resto={a.id}", headers={**a.owner.headers, "X-Request-ID": f"{marker}-after"})
    deadline = time.monotonic() + 10
    while not any(f"{marker}-after" in line for line in log_lines_since({ACCESS_LOG: offsets[ACCESS_LOG]})[ACCESS_LOG.name]):
        if time.monotonic() > deadline:
            break  # judged below on what was written
        time.sleep(0.1)
    through = []
    for name, lines in log_lines_since(offsets).items():
        leaking = [line for line in lines if token in line]
        if leaking:
            through.append(f"the place token is in .run/logs/{name} ({len(leaking)} lines), e.g. {leaking[0][:200]}")
    ledger.add("logs: place tokens", tried=len(uses), through=through,
               note=f"{len(uses)} uses of one place token, {len(logs)} logs read")
    assert not through, "\n".join(through)
