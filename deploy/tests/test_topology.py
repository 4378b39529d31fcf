"""The deployment descriptions agree with each other and with ARCHITECTURE.md's ownership table:
the gateway route table, docker-compose.yml, deploy/k8s, the local launcher and tilt.json.
(No running stack needed; gateway/tests/test_routing.py checks the live routing.)"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "gateway"))
sys.path.insert(0, str(REPO / "deploy" / "local"))

import config as local_config  # noqa: E402  deploy/local/config.py
import route_table  # noqa: E402  gateway/route_table.py

SERVICES = ["identity", "catalog", "floor", "ordering", "billing", "notifications"]

# ARCHITECTURE.md "Who owns which /api/ path", with the names the unnamed rows got.
OWNERSHIP: dict[str, str] = {
    # identity (+ the admin dashboard and customer lists under /api/admin/)
    "/api/auth/": "identity",
    "/api/token-auth/": "identity",
    "/api/login/social/": "identity",
    "/api/cliente/": "identity",
    "/api/restaurant/": "identity",
    "/api/restaurant-atributes/": "identity",
    "/api/registrar-operador/": "identity",
    "/api/admin/": "identity",
    # catalog
    "/api/menu/": "catalog",
    "/api/nestable-menu/": "catalog",
    "/api/create-nestable-menu/": "catalog",
    "/api/menu-group/": "catalog",
    "/api/public-menu/": "catalog",
    "/api/dish/": "catalog",
    "/api/dish-image/": "catalog",
    "/api/actualizar-precio-masivo/": "catalog",
    # floor (+ QR images and PDFs)
    "/api/sit/": "floor",
    "/api/llamar-mozo/": "floor",
    "/api/qr/": "floor",
    # ordering (+ tickets and order reports)
    "/api/ordenes/": "ordering",
    "/api/delivery/": "ordering",
    "/api/delivery-info/": "ordering",
    "/api/up-delivery-info/": "ordering",
    "/api/tickets/": "ordering",
    "/api/reportes/": "ordering",
    # billing (+ the payment provider's notifications)
    "/api/pagar-orden/": "billing",
    "/api/autorizacion/": "billing",
    "/api/restaurant-atributes/obtener-estado-mp/": "billing",
    "/api/obtener-balance/": "billing",
    "/api/control-fee/": "billing",
    "/api/comision-resto/": "billing",
    "/api/webhooks/": "billing",
    # notifications (websocket outside /api/, and the bell's history)
    "/ws/": "notifications",
    "/api/notificaciones/": "notifications",
    # files, served by the service that stores them
    "/media/identity/": "identity",
    "/media/catalog/": "catalog",
    # the web app: the password-reset link (its own router, kept out of the access log), everything else
    "/recuperar-contrasena/": "web",
    "/": "web",
}


# Paths (not prefixes) a service owns inside another's prefix: ARCHITECTURE.md's "the counter
# payments `pagar-orden/{id}/recibir-pago/` and `pagar-orden/recibir-varios-pagos/`" are ordering's;
# the rest of `pagar-orden/` is billing's.
PATH_OWNERSHIP: dict[str, str] = {
    "/api/pagar-orden/7/recibir-pago/": "ordering",
    "/api/pagar-orden/2147483647/recibir-pago/": "ordering",
    "/api/pagar-orden/recibir-varios-pagos/": "ordering",
    "/api/pagar-orden/7/cancelar-mercadopago/": "billing",
    "/api/pagar-orden/7/recibir-pago/extra/": "billing",
    "/api/pagar-orden/abc/recibir-pago/": "billing",
    "/api/pagar-orden/recibir-varios-pagos/extra/": "billing",
    "/api/pagar-orden/": "billing",
}


@pytest.fixture(scope="module")
def routes() -> dict:
    return route_table.load({})


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((REPO / "docker-compose.yml").read_text())


# ------------------------------------------------------------------------- route table
def test_route_table_has_exactly_the_ownership_table(routes):
    table = route_table.prefix_owner(routes)
    missing = {p: o for p, o in OWNERSHIP.items() if p not in table}
    extra = {p: o for p, o in table.items() if p not in OWNERSHIP}
    wrong = {p: (table[p], o) for p, o in OWNERSHIP.items() if p in table and table[p] != o}
    assert not missing, f"prefixes with no route: {missing}"
    assert not extra, f"routes not in the ownership table (add them to OWNERSHIP): {extra}"
    assert not wrong, f"prefix -> (routed to, owner): {wrong}"


@pytest.mark.parametrize("path", sorted(PATH_OWNERSHIP))
def test_paths_inside_another_owners_prefix_reach_their_owner(routes, path):
    assert route_table.owner_of(path, routes) == PATH_OWNERSHIP[path]


def test_the_counter_payment_routes_have_ordering_routers_middlewares(routes):
    """A router of a few of a service's paths keeps the middlewares of the service's own router."""
    by_name = {r.name: r for r in route_table.routers(routes)}
    assert by_name["ordering-payments"].middlewares == by_name["ordering"].middlewares


def test_each_prefix_appears_once(routes):
    seen = [p for r in route_table.routers(routes) for p in r.prefixes]
    assert len(seen) == len(set(seen)), sorted(p for p in seen if seen.count(p) > 1)


@pytest.mark.parametrize("prefix", sorted(OWNERSHIP))
def test_most_specific_prefix_wins(routes, prefix):
    """Traefik picks the highest priority: a prefix inside another owner's prefix must outrank it."""
    assert route_table.owner_of(prefix + "x/", routes) == OWNERSHIP[prefix]


def test_prefixes_are_paths_with_trailing_slash(routes):
    for p in route_table.prefix_owner(routes):
        assert p.startswith("/") and p.endswith("/"), p


def test_every_router_targets_a_defined_service(routes):
    services = routes["http"]["services"]
    middlewares = routes["http"].get("middlewares", {})
    for r in route_table.routers(routes):
        assert r.service in services, r
        assert r.prefixes or r.paths or r.regexps, f"router {r.name} has no path rule"
        for m in r.middlewares:
            assert m in middlewares, (r.name, m)
        assert r.priority > 0, f"router {r.name}: give it an explicit priority"


def test_every_router_sets_the_request_id(routes):
    for r in route_table.routers(routes):
        assert "request-id" in r.middlewares, r.name


def test_web_route_is_compressed_catch_all(routes):
    web = routes["http"]["routers"]["web"]
    assert web["rule"].strip() == "PathPrefix(`/`)"
    assert web["priority"] == min(r.priority for r in route_table.routers(routes))
    assert any("compress" in routes["http"]["middlewares"][m] for m in web["middlewares"])


def test_no_path_rewriting(routes):
    forbidden = {"stripPrefix", "stripPrefixRegex", "replacePath", "replacePathRegex", "addPrefix"}
    for name, m in routes["http"].get("middlewares", {}).items():
        assert not forbidden & set(m), f"middleware {name} rewrites paths; services expect them unchanged"


def test_upstreams_come_from_the_environment_with_local_defaults():
    tv = route_table.template_vars()
    expected = {f"{s.upper()}_URL": f"http://127.0.0.1:{port}" for s, port in local_config.SERVICES.items()}
    expected["WEB_URL"] = f"http://127.0.0.1:{local_config.WEB_PORT}"
    assert tv == expected
    assert local_config.GATEWAY_UPSTREAMS == expected
    assert local_config.GATEWAY_ENV == {**expected, **local_config.GATEWAY_RUNTIME}
    rendered = route_table.load({"IDENTITY_URL": "http://identity:8000"})
    assert rendered["http"]["services"]["identity"]["loadBalancer"]["servers"][0]["url"] == "http://identity:8000"


def test_request_id_plugin_is_present():
    static = yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())
    plugin = static["experimental"]["localPlugins"]["requestid"]
    src = REPO / "gateway" / "plugins-local" / "src" / plugin["moduleName"]
    manifest = yaml.safe_load((src / ".traefik.yml").read_text())
    assert manifest["import"] == plugin["moduleName"]
    assert (src / "go.mod").read_text().startswith(f"module {plugin['moduleName']}")
    assert static["accessLog"]["format"] == "json"
    assert static["accessLog"]["fields"]["headers"]["names"].get("X-Request-Id") == "keep"


# ------------------------------------------------------------------------- docker-compose
def test_compose_has_every_part(compose):
    names = set(compose["services"])
    for required in [*SERVICES, "traefik", "postgres", "rabbitmq", "redis", "web", "smtp"]:
        assert required in names, required


@pytest.mark.parametrize("service", SERVICES)
def test_compose_service_is_wired(compose, service):
    s = compose["services"][service]
    env = s["environment"]
    assert env["SERVICE_NAME"] == service
    assert env["DATABASE_URL"].startswith("postgresql+asyncpg://")
    assert env["DATABASE_URL"].rsplit("/", 1)[1] == service, "each service has its own database"
    assert "@postgres:" in env["DATABASE_URL"]
    assert "@rabbitmq:" in env["RABBITMQ_URL"] and "@redis:" in env["REDIS_URL"]
    # Same variable names as the local launcher.
    assert set(local_config.base_env(service)) - {"PYTHONUNBUFFERED"} <= set(env), \
        set(local_config.base_env(service)) - set(env)
    assert s["build"]["args"]["SERVICE"] == service
    assert s["build"]["dockerfile"] == "deploy/docker/service.Dockerfile"
    assert (REPO / s["build"]["dockerfile"]).exists()
    migrate = compose["services"][f"{service}-migrate"]
    assert migrate["command"] == ["migrate"] and migrate["image"] == s["image"]
    assert s["depends_on"][f"{service}-migrate"]["condition"] == "service_completed_successfully"
    assert ("JWT_PRIVATE_KEY_FILE" in env) == (service == "identity"), "only identity signs tokens"


def test_compose_gateway_points_every_route_at_a_compose_service(compose, routes):
    traefik = compose["services"]["traefik"]
    env = traefik["environment"]
    upstreams = set(route_table.template_vars())
    assert set(env) - set(local_config.GATEWAY_RUNTIME) == upstreams, "set every upstream variable of the route table"
    rendered = route_table.load(env)
    for name, svc in rendered["http"]["services"].items():
        url = svc["loadBalancer"]["servers"][0]["url"]
        host = re.match(r"http://([^:/]+)", url).group(1)
        assert host in compose["services"], f"route service {name} -> {url}: no compose service {host}"
    mounts = " ".join(traefik["volumes"])
    for path in ("./gateway/traefik.yml", "./gateway/dynamic", "./gateway/plugins-local"):
        assert path in mounts
    static = yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())
    assert static["providers"]["file"]["directory"] in mounts
    port = static["entryPoints"]["web"]["address"].rsplit(":", 1)[1]
    assert any(p.endswith(f":{port}") for p in traefik["ports"])


def test_compose_creates_every_database():
    script = (REPO / "deploy" / "docker" / "postgres-init.sh").read_text()
    assert re.search(r"for service in \$\{POSTGRES_SERVICES:-" + " ".join(SERVICES) + r"\}; do", script)
    assert 'CREATE DATABASE :"role"' in script


# ------------------------------------------------------------------------- kubernetes
K8S = REPO / "deploy" / "k8s"
OVERLAYS = sorted(p.parent.name for p in (K8S / "overlays").glob("*/kustomization.yaml"))


def k8s_docs(overlay: str = "prod") -> list[dict]:
    """What the real `kubectl kustomize` makes of an overlay (deploy/tests/kustomize.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import kustomize  # noqa: PLC0415  deploy/tests/kustomize.py

    return kustomize.overlay(overlay)


@pytest.mark.parametrize("overlay", OVERLAYS)
@pytest.mark.parametrize("service", SERVICES)
def test_k8s_has_deployment_and_service(service, overlay):
    docs = k8s_docs(overlay)
    deps = [d for d in docs if d["kind"] == "Deployment" and d["metadata"]["name"] == service]
    svcs = [d for d in docs if d["kind"] == "Service" and d["metadata"]["name"] == service]
    assert len(deps) == 1 and len(svcs) == 1
    dep, svc = deps[0], svcs[0]
    pod = dep["spec"]["template"]["spec"]
    assert dep["spec"]["selector"]["matchLabels"].items() <= dep["spec"]["template"]["metadata"]["labels"].items()
    assert svc["spec"]["selector"].items() <= dep["spec"]["template"]["metadata"]["labels"].items()
    (container,) = pod["containers"]
    assert re.fullmatch(rf"restaurant-platform/{service}:[\w.-]+", container["image"])
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert [c["args"] for c in pod.get("initContainers", [])] == [["migrate"]]
    assert svc["spec"]["ports"][0]["port"] == 8000
    kust = yaml.safe_load((K8S / "base" / "kustomization.yaml").read_text())
    assert f"{service}.yaml" in kust["resources"]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_k8s_gateway_uses_the_same_route_table(overlay):
    kust = yaml.safe_load((REPO / "gateway" / "kustomization.yaml").read_text())
    files = [f.split("=", 1)[-1] for g in kust["configMapGenerator"] for f in g["files"]]
    for f in files:
        assert (REPO / "gateway" / f).exists(), f
    assert "routes.yml=dynamic/routes.yml" in [f for g in kust["configMapGenerator"] for f in g["files"]]
    assert "../../../gateway" in yaml.safe_load((K8S / "base" / "kustomization.yaml").read_text())["resources"]
    docs = k8s_docs(overlay)
    routes = next(d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"].startswith("gateway-routes-"))
    assert routes["data"]["routes.yml"] == (REPO / "gateway" / "dynamic" / "routes.yml").read_text()
    gw = next(d for d in docs if d["kind"] == "Deployment" and d["metadata"]["name"] == "gateway")
    env = {e["name"]: e["value"] for e in gw["spec"]["template"]["spec"]["containers"][0]["env"]}
    assert set(env) == set(route_table.template_vars()) | set(local_config.GATEWAY_RUNTIME)
    k8s_services = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Service"}
    for url in (env[name] for name in route_table.template_vars()):
        host, port = re.match(r"http://([^:/]+):(\d+)", url).groups()
        assert host in k8s_services, url
        assert int(port) in [p["port"] for p in k8s_services[host]["spec"]["ports"]], url


def test_gateway_go_runtime_is_tuned_alike_everywhere(compose):
    """Traefik's GOGC/GOMEMLIMIT trade (deploy/local/config.py) holds in every way it is run."""
    runtime = local_config.GATEWAY_RUNTIME
    assert runtime["GOGC"].isdigit() and int(runtime["GOGC"]) > 100
    assert re.fullmatch(r"\d+MiB", runtime["GOMEMLIMIT"])
    gw = next(d for d in k8s_docs() if d["kind"] == "Deployment" and d["metadata"]["name"] == "gateway")
    k8s_env = {e["name"]: e["value"] for e in gw["spec"]["template"]["spec"]["containers"][0]["env"]}
    compose_env = {k: str(v) for k, v in compose["services"]["traefik"]["environment"].items()}
    for name, value in runtime.items():
        assert k8s_env.get(name) == value, ("k8s", name)
        assert compose_env.get(name) == value, ("compose", name)
    gateway = next(p for p in local_config.PROCESSES if p.name == "gateway")
    assert {k: gateway.env.get(k) for k in runtime} == runtime


def mebibytes(value: str) -> int:
    """'768Mi' (k8s) or '768M' (compose, whose M is 2^20 bytes as Docker's) in MiB."""
    return int(re.fullmatch(r"(\d+)(Mi|M)", value).group(1))


def cores(value: str | int | float) -> float:
    return int(value[:-1]) / 1000 if str(value).endswith("m") else float(value)


@pytest.mark.parametrize("service", SERVICES)
def test_compose_and_k8s_scale_a_service_alike(compose, service):
    """Replicas per service (compose: <SERVICE>_REPLICAS, one by default; k8s: its autoscaler), the
    same CPU and memory, readiness on /readyz, and a stop that lets uvicorn finish what is in flight."""
    composed = compose["services"][service]
    assert composed["deploy"]["replicas"] == f"${{{service.upper()}_REPLICAS:-1}}"
    assert "container_name" not in composed and not composed.get("ports"), "replicas share no name or host port"
    pod = next(d for d in k8s_docs() if d["kind"] == "Deployment" and d["metadata"]["name"] == service)["spec"]["template"]["spec"]
    (main,) = pod["containers"]
    limits, reservations = composed["deploy"]["resources"]["limits"], composed["deploy"]["resources"]["reservations"]
    assert mebibytes(limits["memory"]) == mebibytes(main["resources"]["limits"]["memory"])
    assert mebibytes(reservations["memory"]) == mebibytes(main["resources"]["requests"]["memory"])
    assert cores(limits["cpus"]) == cores(main["resources"]["limits"]["cpu"])
    assert cores(reservations["cpus"]) == cores(main["resources"]["requests"]["cpu"])
    assert main["readinessProbe"]["httpGet"]["path"] in " ".join(composed["healthcheck"]["test"])
    grace = int(composed["stop_grace_period"].rstrip("s"))
    entrypoint = (REPO / "deploy" / "docker" / "service-entrypoint.sh").read_text()
    assert grace > int(re.search(r"--timeout-graceful-shutdown (\d+)", entrypoint).group(1))


# ------------------------------------------------------------------------- local launcher, tilt
def test_local_launcher_runs_every_service_and_the_gateway():
    names = {p.name for p in local_config.PROCESSES}
    assert set(SERVICES) | {"gateway", "web", "smtp"} <= names
    assert {p.service for p in local_config.PROCESSES if p.service} == set(SERVICES)
    ports = [p.port for p in local_config.PROCESSES] + [local_config.GATEWAY_API_PORT]
    assert len(ports) == len(set(ports)), "two processes on one port"
    for s, port in local_config.SERVICES.items():
        env = local_config.service_env(s)
        assert env["DATABASE_URL"].endswith(f"/{s}")
        assert env["SERVICE_NAME"] == s
        assert local_config.test_env(s)["DATABASE_URL"].endswith(f"/test_{s}")


def test_tilt_json_builds_every_image_compose_uses(compose):
    tilt = json.loads((REPO / "tilt.json").read_text())
    assert (REPO / tilt["compose"]).exists()
    built = {s["image"].split(":", 1)[0] for s in compose["services"].values() if "build" in s}
    assert built == set(tilt["images"])
    for spec in tilt["images"].values():
        assert (REPO / spec["dockerfile"]).exists()
