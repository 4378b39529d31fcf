"""Metrics as configured, without a running stack: one Prometheus configuration (deploy/prometheus/)
that Kubernetes ships as it is and the local launcher renders with a static target per process;
alert rules checked and unit-tested by the real promtool (Debian's `prometheus` package); a Grafana
dashboard that loads and reads only metrics the services export; Traefik's metrics on an entrypoint
no route and no public port reaches; and NetworkPolicies that let Prometheus, and only it, scrape."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

REPO = Path(__file__).resolve().parents[2]
PROMETHEUS = REPO / "deploy" / "prometheus"
sys.path.insert(0, str(REPO / "deploy" / "local"))
sys.path.insert(0, str(PROMETHEUS))
sys.path.insert(0, str(REPO / "gateway"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import config  # noqa: E402  deploy/local/config.py: the launcher's process table
import kustomize  # noqa: E402  deploy/tests/kustomize.py: the real kubectl's build
import render_local  # noqa: E402  deploy/prometheus/render_local.py
import route_table  # noqa: E402  gateway/route_table.py

PROMTOOL = shutil.which("promtool") or "/usr/bin/promtool"
needs_promtool = pytest.mark.skipif(not Path(PROMTOOL).exists(), reason="Debian's prometheus package (make setup)")
SHIPPED = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text())


def promtool(*args: str, cwd: Path = PROMETHEUS) -> str:
    done = subprocess.run([PROMTOOL, *args], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


# ------------------------------------------------------------------------- one configuration
def local_config() -> dict:
    return yaml.safe_load(render_local.render(config.PROCESSES, config.GATEWAY_METRICS_PORT))


def test_the_local_configuration_is_the_shipped_one_with_a_target_per_process():
    local = local_config()
    assert {k: v for k, v in local.items() if k not in ("scrape_configs", "rule_files")} == \
           {k: v for k, v in SHIPPED.items() if k not in ("scrape_configs", "rule_files")}
    assert local["rule_files"] == [str(PROMETHEUS / f) for f in SHIPPED["rule_files"]]
    for shipped, rendered in zip(SHIPPED["scrape_configs"], local["scrape_configs"], strict=True):
        kept = {k: v for k, v in shipped.items() if k not in render_local.KUBERNETES_ONLY}
        assert {k: v for k, v in rendered.items() if k != "static_configs"} == kept
    targets = {(group["labels"]["job"], group["labels"]["instance"], address)
               for job in local["scrape_configs"] for group in job["static_configs"] for address in group["targets"]}
    services = {(p.service, p.name, f"127.0.0.1:{p.port}") for p in config.PROCESSES if p.service}
    assert targets == services | {("gateway", "gateway", f"127.0.0.1:{config.GATEWAY_METRICS_PORT}")}
    assert {(job, instance) for job, instance, _ in targets} >= {(s, s) for s in config.SERVICES}


def test_every_replica_is_a_target_of_its_own():
    """Each process counts only its own requests: two processes of ordering are two targets of job ordering."""
    processes = [*config.PROCESSES, config._service("ordering", 2)]
    rendered = yaml.safe_load(render_local.render(processes, config.GATEWAY_METRICS_PORT))
    ordering = [g for job in rendered["scrape_configs"] for g in job["static_configs"] if g["labels"]["job"] == "ordering"]
    assert sorted((g["labels"]["instance"], g["targets"][0]) for g in ordering) == \
           [("ordering", f"127.0.0.1:{config.SERVICES['ordering']}"), ("ordering-2", f"127.0.0.1:{config.replica_port('ordering', 2)}")]


def test_a_job_without_local_targets_is_refused(monkeypatch, tmp_path):
    shipped = copy.deepcopy(SHIPPED)
    shipped["scrape_configs"].append({**shipped["scrape_configs"][0], "job_name": "web"})
    source = tmp_path / "prometheus.yml"
    source.write_text(yaml.safe_dump(shipped))
    monkeypatch.setattr(render_local, "SOURCE", source)
    with pytest.raises(ValueError, match="'web' has no local targets"):
        render_local.render(config.PROCESSES, config.GATEWAY_METRICS_PORT)


def test_the_launcher_runs_prometheus_on_the_rendered_configuration():
    (prometheus,) = [p for p in config.PROCESSES if p.name == "prometheus"]
    assert prometheus.cmd[0] == config.PROMETHEUS_BIN and f"--config.file={config.PROMETHEUS_CONFIG}" in prometheus.cmd
    assert f"--web.listen-address=127.0.0.1:{config.PROMETHEUS_PORT}" in prometheus.cmd
    assert any(a.startswith("--storage.tsdb.path=") and str(config.RUN) in a for a in prometheus.cmd), "its data under .run/"
    assert config.PROMETHEUS_CONFIG in prometheus.watch and PROMETHEUS / "alerts.yml" in prometheus.watch


def relabel(rules: list[dict], labels: dict[str, str]) -> dict[str, str] | None:
    """Prometheus' relabelling (keep and replace, the actions the file uses) of one discovered target."""
    labels = dict(labels)
    for rule in rules:
        value = rule.get("separator", ";").join(labels.get(name, "") for name in rule.get("source_labels", []))
        match = re.fullmatch(rule.get("regex", "(.*)"), value)
        action = rule.get("action", "replace")
        if action == "keep":
            if not match:
                return None
        elif action == "replace":
            if match:
                labels[rule["target_label"]] = match.expand(rule.get("replacement", "$1").replace("$1", r"\g<1>")
                                                            if match.groups() else rule.get("replacement", "$1"))
        else:
            raise AssertionError(f"relabel action {action} not understood here")
    return labels


def pod(name: str, component: str, port: str, phase: str = "Running") -> dict[str, str]:
    return {"__address__": f"10.0.0.7:{8000 if port == 'http' else 0}", "__meta_kubernetes_pod_ip": "10.0.0.7",
            "__meta_kubernetes_pod_name": f"{name}-7d9f-abcde", "__meta_kubernetes_pod_phase": phase,
            "__meta_kubernetes_pod_label_app_kubernetes_io_name": name,
            "__meta_kubernetes_pod_label_app_kubernetes_io_component": component,
            "__meta_kubernetes_pod_container_port_name": port}


def test_kubernetes_pods_are_labelled_as_the_local_processes_are():
    jobs = {job["job_name"]: job for job in SHIPPED["scrape_configs"]}
    for job in jobs.values():
        (discovery,) = job["kubernetes_sd_configs"]
        assert discovery == {"role": "pod", "namespaces": {"own_namespace": True}}
    services, gateway = jobs["services"]["relabel_configs"], jobs["gateway"]["relabel_configs"]
    ordering = relabel(services, pod("ordering", "service", "http"))
    assert (ordering["job"], ordering["instance"], ordering["__address__"]) == ("ordering", "ordering-7d9f-abcde", "10.0.0.7:8000")
    assert relabel(services, pod("identity-seed", "service", "")) is None, "a Job's pod has no http port"
    assert relabel(services, pod("ordering", "service", "http", phase="Pending")) is None
    assert relabel(services, pod("gateway", "gateway", "http")) is None
    traefik = relabel(gateway, pod("gateway", "gateway", "http"))
    assert (traefik["job"], traefik["__address__"]) == ("gateway", "10.0.0.7:8082")
    assert relabel(gateway, pod("gateway", "gateway", "https")) is None, "one target per gateway pod"
    assert relabel(gateway, pod("web", "web", "http")) is None


@needs_promtool
def test_promtool_accepts_both_configurations(tmp_path):
    """Debian's Prometheus is built without Kubernetes discovery: the shipped file is checked with it
    swapped for an empty static list (its relabelling, intervals and rules checked for real), the
    local one as it is."""
    shipped = copy.deepcopy(SHIPPED)
    for job in shipped["scrape_configs"]:
        job.pop("kubernetes_sd_configs")
        job["static_configs"] = []
    (tmp_path / "shipped.yml").write_text(yaml.safe_dump(shipped))
    shutil.copy(PROMETHEUS / "alerts.yml", tmp_path / "alerts.yml")
    promtool("check", "config", str(tmp_path / "shipped.yml"))
    (tmp_path / "local.yml").write_text(render_local.render(config.PROCESSES, config.GATEWAY_METRICS_PORT))
    promtool("check", "config", str(tmp_path / "local.yml"))


@needs_promtool
def test_the_alert_rules_pass_promtool_and_their_own_tests():
    assert "SUCCESS" in promtool("check", "rules", "alerts.yml")
    assert "SUCCESS" in promtool("test", "rules", "alerts.test.yml")


# ------------------------------------------------------------------------- the names
def exported_names() -> set[str]:
    """Every sample name a service's /metrics can carry: the kit's collectors (the process's) and
    what it reads when scraped (the outbox and broker readings, from stand-ins)."""
    import asyncio

    from prometheus_client import REGISTRY

    import kit.consumer  # noqa: F401  the modules that define the kit's collectors
    import kit.outbox  # noqa: F401
    import kit.pdf  # noqa: F401
    from kit import metrics

    class Relay:
        async def backlog(self):
            return 3, 12.5

    class Bus:
        async def reachable(self):
            return True

        async def queue_depths(self):
            return {"identity.restaurant.created": 2}, 1, 0

    async def readings():
        return [*await metrics.outbox_readings(Relay()), *await metrics.broker_readings(Bus())]

    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}
    # by family, so a labelled family with no child yet counts too
    names = {family.name + suffix for family in REGISTRY.collect() for suffix in suffixes.get(family.type, ("",))}
    text = metrics.generate_latest(REGISTRY).decode()
    names |= {s.name for f in text_string_to_metric_families(text) for s in f.samples}
    return names | {sample.name for family in asyncio.run(readings()) for sample in family.samples}


def promql_names(expr: str) -> set[str]:
    expr = re.sub(r'"[^"]*"', "", expr)
    expr = re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", expr)
    expr = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", "", expr)
    return set(re.findall(r"\b[a-zA-Z_:][a-zA-Z0-9_:]*\b", expr)) - {
        "sum", "max", "min", "avg", "count", "rate", "increase", "histogram_quantile", "topk", "and", "or", "unless", "bool"}


def dashboard() -> dict:
    return json.loads((REPO / "deploy" / "grafana" / "platform.json").read_text())


def dashboard_exprs() -> list[str]:
    return [t["expr"] for panel in dashboard()["panels"] for t in panel.get("targets", [])]


def rule_exprs() -> list[str]:
    rules = yaml.safe_load((PROMETHEUS / "alerts.yml").read_text())
    return [rule["expr"] for group in rules["groups"] for rule in group["rules"]]


def test_the_dashboard_loads_and_draws_what_the_issue_asks_for():
    board = dashboard()
    panels = [p for p in board["panels"] if p["type"] != "row"]
    assert len({p["id"] for p in board["panels"]}) == len(board["panels"])
    for panel in panels:
        assert panel["targets"] and panel["datasource"]["uid"] == "${datasource}", panel["title"]
    assert {v["name"] for v in board["templating"]["list"]} == {"datasource", "job"}
    named = set().union(*(promql_names(e) for e in dashboard_exprs()))
    for wanted in ("http_requests_total", "http_request_duration_seconds_bucket", "resto_outbox_backlog_events",
                   "resto_outbox_oldest_age_seconds", "resto_consumer_lag_messages", "resto_dead_letters",
                   "resto_websocket_connections", "resto_websocket_frames_sent_total", "resto_pdf_renders_waiting",
                   "resto_payments_total", "traefik_service_requests_total"):
        assert wanted in named, wanted


def test_every_metric_the_dashboard_and_the_rules_read_is_exported():
    """The services' names against what the kit really exports; Traefik's (`traefik_`) and
    Prometheus' own `up` are checked on the running stack (gateway/tests/test_metrics.py)."""
    named = set().union(*(promql_names(e) for e in [*dashboard_exprs(), *rule_exprs()]))
    ours = {n for n in named if not n.startswith("traefik_") and n != "up"}
    assert ours and ours <= exported_names(), ours - exported_names()
    assert {n for n in named - ours if n != "up"} <= {"traefik_entrypoint_requests_total", "traefik_service_requests_total",
                                                     "traefik_service_request_duration_seconds_bucket"}


def test_no_series_is_labelled_with_the_service_prometheus_adds():
    """`job` and `instance` come from the targets: a collector's own `job`/`instance` label would be
    renamed `exported_job` and lost to every query."""
    from prometheus_client import REGISTRY

    for family in REGISTRY.collect():
        for sample in family.samples:
            assert not {"job", "instance"} & set(sample.labels), sample.name


# ------------------------------------------------------------------------- the gateway
def statics() -> list[dict]:
    return [yaml.safe_load((REPO / "gateway" / name).read_text()) for name in ("traefik.yml", "traefik-tls.yml")]


def test_traefiks_metrics_are_on_their_own_entrypoint_in_every_static_file():
    for static in statics():
        assert static["metrics"]["prometheus"]["entryPoint"] == "metrics"
        assert static["entryPoints"]["metrics"] == {"address": ":8082"}, "port 8082, as the k8s scrape config says"
    assert statics()[0]["metrics"] == statics()[1]["metrics"]


def test_no_router_answers_on_the_metrics_entrypoint_nor_sends_metrics_to_a_service():
    routes = route_table.load({})
    for name, router in routes["http"]["routers"].items():
        assert router.get("entryPoints") == ["web"], name
    # Paths reach a service unchanged (no prefix stripping), so only a router for /metrics itself could.
    for path in ("/metrics", "/metrics/", "/api/metrics"):
        assert route_table.router_for(path, routes).service == "web", path
    rewriting = {"stripPrefix", "stripPrefixRegex", "replacePath", "replacePathRegex", "addPrefix"}
    for name, middleware in routes["http"]["middlewares"].items():
        assert not rewriting & set(middleware), name


def test_no_public_port_carries_the_gateways_metrics():
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    for name, service in compose["services"].items():
        for port in service.get("ports", []):
            assert not str(port).endswith(":8082"), (name, port)
    for overlay in kustomize.OVERLAYS:
        service = kustomize.named(kustomize.overlay(overlay), "Service", "gateway")
        assert 8082 not in {p.get("targetPort") for p in service["spec"]["ports"]}
        assert "metrics" not in {p.get("targetPort") for p in service["spec"]["ports"]}


# ------------------------------------------------------------------------- Kubernetes
@pytest.fixture(scope="module", params=kustomize.OVERLAYS)
def docs(request) -> list[dict]:
    return kustomize.overlay(request.param)


def template_labels(docs: list[dict], kind: str, name: str) -> dict:
    return kustomize.named(docs, kind, name)["spec"]["template"]["metadata"]["labels"]


def test_kubernetes_ships_the_very_same_configuration_and_rules(docs):
    shipped = kustomize.named(docs, "ConfigMap", "prometheus-config")["data"]
    assert shipped == {"prometheus.yml": (PROMETHEUS / "prometheus.yml").read_text(),
                       "alerts.yml": (PROMETHEUS / "alerts.yml").read_text()}
    pod = kustomize.named(docs, "StatefulSet", "prometheus")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    mount = next(m for m in container["volumeMounts"] if m["mountPath"] == "/etc/prometheus")
    volume = next(v for v in pod["volumes"] if v["name"] == mount["name"])
    assert volume["configMap"]["name"] == kustomize.named(docs, "ConfigMap", "prometheus-config")["metadata"]["name"]
    assert "--config.file=/etc/prometheus/prometheus.yml" in container["args"]


def test_prometheus_may_list_the_namespaces_pods_and_nothing_more(docs):
    role = kustomize.named(docs, "Role", "prometheus")
    assert role["rules"] == [{"apiGroups": [""], "resources": ["pods"], "verbs": ["get", "list", "watch"]}]
    binding = kustomize.named(docs, "RoleBinding", "prometheus")
    assert binding["subjects"] == [{"kind": "ServiceAccount", "name": "prometheus", "namespace": binding["metadata"]["namespace"]}]
    assert not [d for d in docs if d["kind"] in ("ClusterRole", "ClusterRoleBinding")]


def test_the_prometheus_pod_runs_restricted_with_an_explicit_short_lived_token(docs):
    statefulset = kustomize.named(docs, "StatefulSet", "prometheus")
    pod = statefulset["spec"]["template"]["spec"]
    assert pod["automountServiceAccountToken"] is False and pod["serviceAccountName"] == "prometheus"
    assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] > 0
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    (container,) = pod["containers"]
    csc = container["securityContext"]
    assert csc["allowPrivilegeEscalation"] is False and csc["readOnlyRootFilesystem"] is True
    assert csc["capabilities"] == {"drop": ["ALL"]}
    assert re.fullmatch(r"[\w./-]+:v[\w.-]+", container["image"])
    token = next(v for v in pod["volumes"] if v["name"] == "api-token")
    (projected,) = [s["serviceAccountToken"] for s in token["projected"]["sources"] if "serviceAccountToken" in s]
    assert projected["expirationSeconds"] <= 3600
    assert container["readinessProbe"]["httpGet"]["path"] == "/-/ready"


def test_prometheus_alone_may_scrape_the_services_and_the_gateway(docs):
    from test_k8s_policy import allowed  # the NetworkPolicy evaluation the platform's rules use

    prometheus = template_labels(docs, "StatefulSet", "prometheus")
    gateway, web = template_labels(docs, "Deployment", "gateway"), template_labels(docs, "Deployment", "web")
    for service in config.SERVICES:
        labels = template_labels(docs, "Deployment", service)
        assert allowed(docs, prometheus, labels, 8000), service
        assert not allowed(docs, None, labels, 8000) and not allowed(docs, web, labels, 8000), service
        assert not allowed(docs, labels, prometheus, 9090), f"{service} has no business with Prometheus"
    assert allowed(docs, prometheus, gateway, 8082)
    assert not allowed(docs, None, gateway, 8082), "the metrics entrypoint is not public"
    assert not allowed(docs, web, gateway, 8082)
    assert not allowed(docs, None, prometheus, 9090) and not allowed(docs, gateway, prometheus, 9090)
    assert not allowed(docs, prometheus, None, 5432), "Prometheus reads no database"
