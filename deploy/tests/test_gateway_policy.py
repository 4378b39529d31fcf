"""The gateway's policy as configured (gateway/traefik.yml, gateway/dynamic/routes.yml): body limits
per route derived from the services' own limits, security headers on every router, the reset link
kept out of the access log. gateway/tests/test_policy.py checks the same things on the live stack."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "gateway"))

import route_table  # noqa: E402  gateway/route_table.py

KIB, MIB = 1024, 1024 * 1024


def constant(pattern: str, folder: Path) -> int:
    """An integer constant of a service's code (read, not imported: no service dependencies here)."""
    for f in sorted(folder.rglob("*.py")):
        if m := re.search(rf"^{pattern}\s*=\s*(.+?)\s*(#.*)?$", f.read_text(), re.M):
            return int(eval(m.group(1), {}))  # noqa: S307  literals like 5 * 1024 * 1024
    raise LookupError(pattern)


IMAGE_MAX_BYTES = constant("MAX_BYTES", REPO / "services" / "kit" / "kit")
IMAGES_PER_DISH_MAX = constant(r"IMAGES_PER_DISH_MAX", REPO / "services" / "catalog" / "catalog")

# Endpoints that take images (multipart), and how many images at most.
IMAGE_ENDPOINTS = {
    "/api/dish/": IMAGES_PER_DISH_MAX,  # the dish form: create
    "/api/dish/12/": IMAGES_PER_DISH_MAX,  # and update
    "/api/dish-image/": 1,
    "/api/dish-image/12/": 1,
    "/api/restaurant-atributes/": 1,  # logo
    "/api/restaurant-atributes/12/": 1,
    "/api/cliente/actualizar/": 1,  # avatar
}
# JSON endpoints next to them that must keep the small limit.
JSON_NEIGHBOURS = [
    "/api/dish/12/extra/", "/api/dish-image/12/extra/", "/api/restaurant-atributes/12/horario/",
    "/api/restaurant-atributes/obtener-estado-mp/12/", "/api/cliente/", "/api/cliente/detalles/",
    "/api/auth/token/login/", "/api/ordenes/", "/api/actualizar-precio-masivo/", "/api/menu/",
]


@pytest.fixture(scope="module")
def routes() -> dict:
    return route_table.load({})


@pytest.fixture(scope="module")
def static() -> dict:
    return yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())


def resolved(routes: dict, names) -> list[str]:
    """The middlewares a router runs, in order, each `chain` replaced by what it runs."""
    out = []
    for name in names:
        m = routes["http"]["middlewares"][name]
        out += resolved(routes, m["chain"]["middlewares"]) if "chain" in m else [name]
    return out


def body_limit(routes: dict, router: route_table.Router) -> int | None:
    limits = [routes["http"]["middlewares"][m]["buffering"]["maxRequestBodyBytes"]
              for m in resolved(routes, router.middlewares) if "buffering" in routes["http"]["middlewares"][m]]
    assert len(limits) <= 1, f"{router.name}: more than one body limit"
    return limits[0] if limits else None


# Public reads: the paths whose GET and HEAD go through routers without buffering (its cost:
# gateway/README.md, "What the gateway costs"), and an example of each.
PUBLIC_READS = ["/api/public-menu/", "/media/catalog/dish/1/plato.jpg", "/media/identity/logo/1.png",
                "/assets/index-AbC123.js"]
READ_ONLY = {"GET", "HEAD"}


# ------------------------------------------------------------------------- body limits
def test_every_router_but_the_websocket_and_the_public_reads_has_one_body_limit(routes):
    for r in route_table.routers(routes):
        limit = body_limit(routes, r)
        if r.prefixes == ("/ws/",):
            assert limit is None, "buffering would hold the websocket handshake"
        elif r.methods:
            assert set(r.methods) <= READ_ONLY, f"{r.name}: a router without a body limit takes {r.methods}"
            assert limit is None, f"{r.name}: buffering on a GET is what the public reads avoid"
        else:
            assert limit and limit > 0, f"router {r.name} has no body limit"


@pytest.mark.parametrize("path", PUBLIC_READS)
def test_a_public_read_skips_buffering_and_any_other_method_keeps_the_limit(routes, path):
    for method in READ_ONLY:
        read = route_table.router_for(path, routes, method)
        assert read.methods and body_limit(routes, read) is None, (path, method, read.name)
    for method in ("POST", "PUT", "PATCH", "DELETE", "OPTIONS"):
        owner = route_table.router_for(path, routes, method)
        assert body_limit(routes, owner) == 64 * KIB, (path, method, owner.name)


def test_public_reads_are_their_owners_routes_without_the_body_limit(routes):
    """Same service, same middlewares in the same order (the request id first, the security
    headers), less the buffering; access logged like the owner's."""
    readers = [r for r in route_table.routers(routes) if r.methods]
    assert readers
    for r in readers:
        assert r.prefixes == (), f"{r.name}: PathRegexp/Path only (each prefix belongs to one router)"
        for path in [p for p in PUBLIC_READS if r.matches(p, "GET")] or pytest.fail(f"{r.name} serves no public read"):
            owner = route_table.router_for(path, routes)
            assert r.service == owner.service, (r.name, path)
            assert r.middlewares == tuple(m for m in owner.middlewares if body_limit_of(routes, m) is None), (r.name, owner.name)
            observability = routes["http"]["routers"][r.name].get("observability", {})
            assert observability == routes["http"]["routers"][owner.name].get("observability", {}), r.name
    served = {p for p in PUBLIC_READS if route_table.router_for(p, routes, "GET").methods}
    assert served == set(PUBLIC_READS)


def test_no_token_or_staff_path_is_a_public_read(routes):
    """Only the public menu, the stored images and the app's files: nothing that needs a login,
    nor a path that carries a secret (those routers are never logged; these are)."""
    probes = [*JSON_NEIGHBOURS, "/api/menu/1/", "/api/sit/lugar/tok/", "/api/qr/lugar/tok.png",
              "/api/ordenes/lugar/tok/", "/api/delivery/seguimiento/tok/", "/menus", "/recuperar-contrasena/MQ/t/",
              "/api/dish/", "/api/tickets/1/pdf/", "/ws/x", "/"]
    for path in probes:
        assert not route_table.router_for(path, routes, "GET").methods, path


def body_limit_of(routes: dict, middleware: str) -> int | None:
    found = [routes["http"]["middlewares"][m]["buffering"]["maxRequestBodyBytes"]
             for m in resolved(routes, [middleware]) if "buffering" in routes["http"]["middlewares"][m]]
    return found[0] if found else None


def test_the_request_id_plugin_keeps_get_and_head_bodies_from_every_service():
    """The public reads' body limit is the plugin's: a GET or HEAD reaches the service without
    its body (gateway/tests/test_policy.py proves it with the real binary)."""
    source = (REPO / "gateway" / "plugins-local" / "src" / "github.com" / "restaurant-platform" / "requestid"
              / "requestid.go").read_text()
    guard = re.search(r"if req\.ContentLength != 0 && \(req\.Method == http\.MethodGet \|\| req\.Method == http\.MethodHead\) \{"
                      r"(?P<body>[^}]*)\}", source)
    assert guard, "the GET/HEAD body guard moved: keep it, the public reads have no buffering"
    for statement in ("req.Body = http.NoBody", "req.ContentLength = 0", "req.TransferEncoding = nil"):
        assert statement in guard.group("body")


def test_json_routes_take_64_kib(routes):
    for path in JSON_NEIGHBOURS:
        router = route_table.router_for(path, routes)
        assert body_limit(routes, router) == 64 * KIB, (path, router.name)


@pytest.mark.parametrize("path", sorted(IMAGE_ENDPOINTS))
def test_image_endpoints_take_what_the_service_accepts(routes, path):
    """Large enough for the most images the service accepts at its own size limit, plus 1 MiB for
    the form's fields and multipart framing; never more."""
    router = route_table.router_for(path, routes)
    expected = IMAGE_ENDPOINTS[path] * IMAGE_MAX_BYTES + MIB
    assert body_limit(routes, router) == expected, (path, router.name, expected)
    owners = route_table.prefix_owner(routes)
    prefix = max((p for p in owners if path.startswith(p)), key=len)
    assert router.service == owners[prefix], "an upload router must send its paths to the owner of their prefix"


def test_menu_tree_save_has_room_for_a_large_menu(routes):
    router = route_table.router_for("/api/create-nestable-menu/", routes)
    assert router.service == "catalog"
    assert body_limit(routes, router) == 512 * KIB


def test_large_bodies_are_spooled_not_held_in_memory(routes):
    for name, m in routes["http"]["middlewares"].items():
        if "buffering" in m:
            assert m["buffering"].get("memRequestBodyBytes", 1 << 20) <= MIB, name
            assert m["buffering"].get("memResponseBodyBytes", 1 << 20) <= MIB, name


def spool_caps(routes: dict, router: route_table.Router) -> tuple[dict, dict, dict]:
    """(per-address inFlightReq, per-gateway inFlightReq, buffering) of a router, in that order."""
    middlewares = routes["http"]["middlewares"]
    names = resolved(routes, router.middlewares)
    kinds = [next(iter(middlewares[n])) for n in names]
    limits = [middlewares[n]["inFlightReq"] for n, k in zip(names, kinds) if k == "inFlightReq"]
    per_address = next((x for x in limits if "ipStrategy" in x.get("sourceCriterion", {})), None)
    per_gateway = next((x for x in limits if x.get("sourceCriterion", {}).get("requestHeaderName") == "X-Forwarded-Server"), None)
    buffering = next(middlewares[n]["buffering"] for n, k in zip(names, kinds) if k == "buffering")
    assert per_address is None or kinds.index("inFlightReq") < kinds.index("buffering"), \
        f"{router.name}: count a request before reading its body"
    return per_address, per_gateway, buffering


def spool_bound(routes: dict) -> int:
    """The most request-body bytes one gateway process can hold on disk: for every router that
    spools, its in-flight cap x what a body may put on disk (Traefik counts per router)."""
    total = 0
    for r in route_table.routers(routes):
        if body_limit(routes, r) is None:
            continue
        _, per_gateway, buffering = spool_caps(routes, r)
        on_disk = buffering["maxRequestBodyBytes"] - buffering.get("memRequestBodyBytes", MIB)
        if on_disk > 0:
            total += per_gateway["amount"] * on_disk
    return total


def test_routes_that_spool_bodies_take_a_bounded_number_at_once(routes):
    """Every router whose bodies can reach the disk counts uploads per client address and per
    gateway process before reading a byte (429 past them): an anonymous flood cannot fill the disk."""
    spooling = []
    for r in route_table.routers(routes):
        if body_limit(routes, r) is None:
            continue
        per_address, per_gateway, buffering = spool_caps(routes, r)
        if buffering["maxRequestBodyBytes"] <= buffering.get("memRequestBodyBytes", MIB):
            continue  # held in memory whole, never spooled
        spooling.append(r.name)
        assert per_address and per_address["sourceCriterion"]["ipStrategy"].get("depth", 0) == 0, r.name
        assert per_gateway, f"{r.name}: no per-gateway cap on spooled bodies"
        assert per_address["amount"] <= per_gateway["amount"]
    assert {"catalog-dish-form", "catalog-dish-image", "identity-images"} <= set(spooling)
    assert spool_bound(routes) == 8 * 50 * MIB + 2 * 8 * 5 * MIB, "gateway/README.md's arithmetic"


def test_no_entrypoint_trusts_a_clients_forwarded_headers(static):
    """Traefik replaces a client's X-Forwarded-For with the address it saw (and sets
    X-Forwarded-Server itself): the services' per-address limits and the per-gateway upload count
    rely on it. Behind the k8s load balancer that address is the client's (externalTrafficPolicy: Local)."""
    tls = yaml.safe_load((REPO / "gateway" / "traefik-tls.yml").read_text())
    for config in (static, tls):
        for name, entrypoint in config["entryPoints"].items():
            forwarded = entrypoint.get("forwardedHeaders", {})
            assert not forwarded.get("insecure") and not forwarded.get("trustedIPs"), name
            assert not entrypoint.get("proxyProtocol"), name


def test_no_two_matching_routers_share_a_priority(routes):
    """Traefik breaks ties by rule length, which nobody reads: the table must never rely on it."""
    probes = [*IMAGE_ENDPOINTS, *JSON_NEIGHBOURS, "/api/create-nestable-menu/", "/ws/x", "/recuperar-contrasena/a/b", "/"]
    probes += [p + "x/" for p in route_table.prefix_owner(routes)]
    for path in probes:
        matching = [r for r in route_table.routers(routes) if r.matches(path)]
        priorities = [r.priority for r in matching]
        top = max(priorities)
        assert priorities.count(top) == 1, (path, [r.name for r in matching if r.priority == top])


# ------------------------------------------------------------------------- security headers
def test_every_router_sets_the_security_headers(routes):
    for r in route_table.routers(routes):
        assert "security-headers" in r.middlewares, r.name
        assert r.middlewares[0] == "request-id", f"{r.name}: the request id first, so every answer carries it"


def test_content_security_policy(routes):
    headers = routes["http"]["middlewares"]["security-headers"]["headers"]
    policy = {}
    for directive in filter(None, (d.strip() for d in headers["contentSecurityPolicy"].split(";"))):
        name, *values = directive.split()
        policy[name] = values
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert set(policy["img-src"]) == {"'self'", "data:", "blob:"}
    assert "'unsafe-eval'" not in headers["contentSecurityPolicy"]
    for directive, values in policy.items():
        assert "*" not in values and "http:" not in values and "https:" not in values, directive


def test_nosniff_referrer_and_hsts_only_over_tls(routes):
    headers = routes["http"]["middlewares"]["security-headers"]["headers"]
    assert headers["contentTypeNosniff"] is True
    assert headers["referrerPolicy"] == "no-referrer"
    assert headers["frameDeny"] is True
    assert headers["stsSeconds"] >= 31536000
    assert not headers.get("forceSTSHeader"), "HSTS must not be sent over plain HTTP"
    assert not headers.get("sslProxyHeaders"), "a forged X-Forwarded-Proto must not turn HSTS on"


# ------------------------------------------------------------------------- access log
def test_the_reset_link_is_never_logged(routes):
    paths_ts = (REPO / "web" / "src" / "config" / "paths.ts").read_text()
    link = re.search(r"path: '(/recuperar-contrasena)/:uid/:token'", paths_ts)
    assert link, "the web app's reset route moved: update the web-reset-link router"
    router = route_table.router_for(link.group(1) + "/MQ/token/", routes)
    assert router.service == "web"
    assert routes["http"]["routers"][router.name]["observability"]["accessLogs"] is False
    web = routes["http"]["routers"]["web"]
    assert set(web["middlewares"]) == set(router.middlewares), "the reset page is served like any other page"


def test_access_log_keeps_no_secret_headers(static):
    headers = static["accessLog"]["fields"]["headers"]
    assert headers["defaultMode"] == "drop"
    kept = {name.lower() for name, mode in headers.get("names", {}).items() if mode != "drop"}
    assert not kept & {"authorization", "cookie", "referer", "x-forwarded-for"}, kept


# ------------------------------------------------------------------------- TLS set-ups
def test_tls_static_config_differs_only_in_its_entrypoints(static):
    tls = yaml.safe_load((REPO / "gateway" / "traefik-tls.yml").read_text())
    assert {k: v for k, v in tls.items() if k != "entryPoints"} == {k: v for k, v in static.items() if k != "entryPoints"}
    web = tls["entryPoints"]["web"]
    assert web["http"]["tls"] == {}, "the routers' entrypoint is the TLS one"
    assert web["http"]["aliasHeadersStrategy"] == static["entryPoints"]["web"]["http"]["aliasHeadersStrategy"]
    # Besides `web`, the plain-HTTP entrypoints redirect to it; the metrics one (no router) is as in traefik.yml.
    metrics = tls.get("metrics", {}).get("prometheus", {}).get("entryPoint")
    if metrics:
        assert tls["entryPoints"][metrics] == static["entryPoints"][metrics]
    others = {name: ep for name, ep in tls["entryPoints"].items() if name not in ("web", metrics)}
    for name, ep in others.items():
        redirect = ep["http"]["redirections"]["entryPoint"]
        assert redirect["scheme"] == "https" and redirect["to"] == ":443", name
    certs = yaml.safe_load((REPO / "gateway" / "tls" / "certificates.yml").read_text())
    assert certs["tls"]["options"]["default"]["minVersion"] in ("VersionTLS12", "VersionTLS13")
