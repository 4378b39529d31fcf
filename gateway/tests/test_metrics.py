"""Metrics on the running stack: the real Prometheus `make up` started (deploy/prometheus/, rendered
for the launcher's table) finds every process of every service, and the gateway, up; every metric
the dashboard and the alert rules name is one it scrapes; requests are counted by route template;
and no public path reaches a service's /metrics."""

import json
import re
import sys
import time
from pathlib import Path

import httpx
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))
import config  # noqa: E402  the launcher's process table

PROMETHEUS = f"http://127.0.0.1:{config.PROMETHEUS_PORT}"
SCRAPE_WAIT = 60  # seconds: the first scrape of a fresh target comes within one interval (15 s)


def query(path: str, **params) -> dict:
    answer = httpx.get(PROMETHEUS + path, params=params, timeout=10)
    answer.raise_for_status()
    return answer.json()["data"]


@pytest.fixture(scope="module")
def prometheus():
    try:
        httpx.get(PROMETHEUS + "/-/ready", timeout=3).raise_for_status()
    except httpx.HTTPError as e:
        pytest.fail(f"Prometheus is not answering on {PROMETHEUS} ({e}); run `make up` first")


def expected_targets() -> set[tuple[str, str]]:
    """(job, instance) of every process the launcher runs that Prometheus must scrape."""
    targets = {(p.service, p.name) for p in config.PROCESSES if p.service and (p.requires is None or p.requires.exists())}
    return targets | {("gateway", "gateway")}


def test_prometheus_finds_every_process_of_every_service_and_the_gateway_up(prometheus):
    wanted = expected_targets()
    deadline = time.monotonic() + SCRAPE_WAIT
    while True:
        active = query("/api/v1/targets", state="active")["activeTargets"]
        health = {(t["labels"]["job"], t["labels"]["instance"]): (t["health"], t["lastError"]) for t in active}
        if all(health.get(target, ("",))[0] == "up" for target in wanted) or time.monotonic() > deadline:
            break
        time.sleep(1)
    assert set(health) == wanted, "Prometheus scrapes exactly the launcher's processes"
    assert {target: h for target, h in health.items() if h[0] != "up"} == {}


def metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression reads (labels, strings, ranges and functions left out)."""
    expr = re.sub(r'"[^"]*"', "", expr)
    expr = re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", expr)
    expr = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", "", expr)
    return set(re.findall(r"\b[a-zA-Z_:][a-zA-Z0-9_:]*\b", expr)) - PROMQL


# PromQL's own words the dashboard and the rules use; every other name is a metric's.
PROMQL = {"sum", "max", "min", "avg", "count", "rate", "increase", "histogram_quantile", "topk", "and", "or",
          "unless", "bool"}


def named_in_dashboard_and_rules() -> set[str]:
    dashboard = json.loads((REPO / "deploy" / "grafana" / "platform.json").read_text())
    exprs = [t["expr"] for panel in dashboard["panels"] for t in panel.get("targets", [])]
    rules = yaml.safe_load((REPO / "deploy" / "prometheus" / "alerts.yml").read_text())
    exprs += [rule["expr"] for group in rules["groups"] for rule in group["rules"]]
    return set().union(*(metric_names(e) for e in exprs))


def test_every_metric_the_dashboard_and_alerts_read_is_scraped(prometheus, client):
    client.get("/api/public-menu/1/")  # a request through the gateway: Traefik's per-service figures
    named = named_in_dashboard_and_rules()
    assert {"up", "http_requests_total", "resto_outbox_oldest_age_seconds", "traefik_service_requests_total"} <= named
    deadline = time.monotonic() + SCRAPE_WAIT
    while (missing := named - set(query("/api/v1/label/__name__/values"))) and time.monotonic() < deadline:
        time.sleep(1)
    assert missing == set()


def test_requests_are_counted_by_route_template_never_by_raw_path(prometheus, client):
    catalog = [p for p in config.PROCESSES if p.service == "catalog"]

    def counted() -> float:
        total = 0.0
        for process in catalog:
            for line in httpx.get(f"http://127.0.0.1:{process.port}/metrics", timeout=5).text.splitlines():
                if line.startswith('http_requests_total{') and 'handler="/api/dish/{dish_id}/"' in line and 'method="GET"' in line:
                    total += float(line.rsplit(" ", 1)[1])
        return total

    before = counted()
    client.get("/api/dish/123456/")  # whatever the answer (no token: 401), it is counted under the template
    assert counted() == before + 1
    for process in catalog:
        text = httpx.get(f"http://127.0.0.1:{process.port}/metrics", timeout=5).text
        assert "123456" not in text
    handlers = query("/api/v1/label/handler/values")
    assert [h for h in handlers if re.search(r"/\d+(/|$)", h)] == [], "a raw path became a label"


@pytest.mark.parametrize("path", ["/metrics", "/api/metrics", "/api/dish/metrics", "/api/auth/../../metrics",
                                  "/api/auth/%2e%2e/%2e%2e/metrics", "/media/catalog/../../metrics", "/ws/../metrics"])
def test_no_public_path_reaches_a_services_or_the_gateways_metrics(client, path):
    answer = client.get(path)
    assert "http_requests_total" not in answer.text and "traefik_" not in answer.text, (path, answer.status_code)
    assert not answer.headers.get("content-type", "").startswith("text/plain; version=0.0.4")
