"""What only the running local stack sets (deploy/local/config.py STACK_ONLY_ENV: the demo login,
the demo clock ordering honours in X-Demo-Time, the relaxed per-address limits) is set nowhere else:
no compose service and no Kubernetes pod or ConfigMap of any overlay gets it, and every one of
those settings is off by default, so a deployment that forgets it stays safe."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
sys.path.insert(0, str(REPO / "deploy" / "local"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import config as local_config  # noqa: E402  deploy/local/config.py
import kustomize  # noqa: E402  deploy/tests/kustomize.py: the real kubectl's build

STACK_ONLY = sorted({name for env in local_config.STACK_ONLY_ENV.values() for name in env})
OVERLAYS = sorted(p.parent.name for p in (K8S / "overlays").glob("*/kustomization.yaml"))


def test_the_local_stack_turns_the_demo_clock_on_for_ordering_only():
    assert local_config.STACK_ONLY_ENV["ordering"] == {"DEMO_CLOCK": "true"}
    assert local_config.service_env("ordering")["DEMO_CLOCK"] == "true"
    assert "DEMO_CLOCK" not in local_config.test_env("ordering")  # the suites decide it per test
    assert [name for name in local_config.SERVICES if name != "ordering" and "DEMO_CLOCK" in local_config.service_env(name)] == []


def test_the_demo_clock_is_off_unless_set():
    from ordering.settings import Settings

    assert Settings().demo_clock is False


def test_no_compose_service_sets_what_only_the_local_stack_sets():
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    for name, service in compose["services"].items():
        env = service.get("environment") or {}
        names = set(env) if isinstance(env, dict) else {item.split("=", 1)[0] for item in env}
        assert not names & set(STACK_ONLY), name


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_no_kubernetes_pod_or_configmap_sets_what_only_the_local_stack_sets(overlay):
    docs = kustomize.overlay(overlay)
    for doc in docs:
        if doc["kind"] == "ConfigMap":
            assert not set(doc.get("data") or {}) & set(STACK_ONLY), doc["metadata"]["name"]
        if doc["kind"] in ("Deployment", "Job"):
            pod = doc["spec"]["template"]["spec"]
            for container in [*pod.get("initContainers", []), *pod["containers"]]:
                names = {e["name"] for e in container.get("env", [])}
                assert not names & set(STACK_ONLY), (doc["metadata"]["name"], container["name"])
