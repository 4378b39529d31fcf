"""Where billing finds the payment marketplace: the local stack runs the simulator on 8202 and points
billing at it with the simulator's own credentials; docker-compose and Kubernetes point at the real
provider and take the application's credentials and the token key from the environment and from a
Secret, never from the repository."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "deploy" / "local"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import config  # noqa: E402  deploy/local/config.py
import kustomize  # noqa: E402  deploy/tests/kustomize.py: the real kubectl's build

from simulators import mercadopago  # noqa: E402

SECRET_SETTINGS = ("MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET", "MERCADOPAGO_TOKEN_KEY")
REAL_PROVIDER = {"MERCADOPAGO_AUTH_URL": "https://auth.mercadopago.com", "MERCADOPAGO_API_URL": "https://api.mercadopago.com"}
SIMULATOR_SECRETS = (mercadopago.CLIENT_SECRET, mercadopago.WEBHOOK_SECRET)
OVERLAYS = sorted(p.parent.name for p in (REPO / "deploy" / "k8s" / "overlays").glob("*/kustomization.yaml"))


def test_the_local_stack_runs_the_marketplace_simulator_on_8202_with_make_up():
    [sim] = [p for p in config.PROCESSES if p.name == "marketplace-sim"]
    assert sim.port == 8202 == config.MARKETPLACE_SIM_PORT
    assert "simulators.mercadopago:app" in sim.cmd and sim.ready == "http://127.0.0.1:8202/_control/health"
    # the seller's deauthorization and the payments' notifications reach billing through the gateway
    assert sim.env["MP_SIM_WEBHOOK_URL"] == f"http://127.0.0.1:{config.GATEWAY_PORT}/api/webhooks/mercadopago/"
    assert REPO / "deploy" / "simulators" / "simulators" in sim.watch


def test_billing_points_at_the_simulator_locally_with_the_simulators_own_credentials():
    env = config.service_env("billing")
    assert {k: env[k] for k in mercadopago.billing_settings("x")} == mercadopago.billing_settings("http://127.0.0.1:8202")
    assert len(env["MERCADOPAGO_TOKEN_KEY"]) >= 32
    assert env["MERCADOPAGO_TOKEN_KEY"] == config.marketplace_token_key()  # made once, kept with the keys
    assert not {k for name in config.SERVICES if name != "billing" for k in config.service_env(name) if k.startswith("MERCADOPAGO_")}


def test_billings_defaults_are_the_real_provider_with_no_credentials():
    from billing.settings import Settings

    settings = Settings(_env_file=None)
    assert (settings.mercadopago_auth_url, settings.mercadopago_api_url) == tuple(REAL_PROVIDER.values())
    assert not (settings.mercadopago_client_id or settings.mercadopago_client_secret
                or settings.mercadopago_webhook_secret or settings.mercadopago_token_key)


def test_compose_takes_the_marketplace_credentials_and_token_key_from_the_environment():
    text = (REPO / "docker-compose.yml").read_text()
    env = yaml.safe_load(text)["services"]["billing"]["environment"]
    for name in SECRET_SETTINGS:
        assert env[name].startswith("${" + name + ":"), (name, env[name])  # a variable, never a value
    assert env["MERCADOPAGO_TOKEN_KEY"].startswith("${MERCADOPAGO_TOKEN_KEY:?"), "required, made by make-env.sh"
    for name, url in REAL_PROVIDER.items():
        assert env[name] == "${" + name + ":-" + url + "}"
    for secret in SIMULATOR_SECRETS:
        assert secret not in text
    assert "8202" not in text


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_kubernetes_takes_them_from_the_billing_marketplace_secret(overlay):
    docs = kustomize.overlay(overlay)
    billing = next(d for d in docs if d["kind"] == "Deployment" and d["metadata"]["name"] == "billing")
    [container] = billing["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e for e in container["env"]}
    for name in SECRET_SETTINGS:
        ref = env[name]["valueFrom"]["secretKeyRef"]
        assert ref["name"] == "billing-marketplace" and "value" not in env[name], name
    assert not env["MERCADOPAGO_TOKEN_KEY"]["valueFrom"]["secretKeyRef"].get("optional")
    assert {name: env[name]["value"] for name in REAL_PROVIDER} == REAL_PROVIDER
    rendered = yaml.safe_dump_all(docs)
    for secret in SIMULATOR_SECRETS:
        assert secret not in rendered
    assert "8202" not in rendered and not any(d["kind"] == "Secret" for d in docs)


# ------------------------------------------------------------------------- online checkout reads ordering
def test_billing_reads_the_lines_from_ordering_locally_on_its_port():
    env = config.service_env("billing")
    assert env["ORDERING_URL"] == f"http://127.0.0.1:{config.SERVICES['ordering']}" == "http://127.0.0.1:8104"
    assert not {k for name in config.SERVICES if name != "billing" for k in config.service_env(name) if k == "ORDERING_URL"}


def test_compose_points_billing_at_the_ordering_service():
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    assert compose["services"]["billing"]["environment"]["ORDERING_URL"] == "http://ordering:8000"
    assert "ordering" in compose["services"]  # reached by its name on the default network, port 8000 as every service


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_kubernetes_points_billing_at_the_ordering_service(overlay):
    docs = kustomize.overlay(overlay)
    billing = next(d for d in docs if d["kind"] == "Deployment" and d["metadata"]["name"] == "billing")
    [container] = billing["spec"]["template"]["spec"]["containers"]
    assert {e["name"]: e.get("value") for e in container["env"]}["ORDERING_URL"] == "http://ordering:8000"
    service = next(d for d in docs if d["kind"] == "Service" and d["metadata"]["name"] == "ordering")
    assert [p["port"] for p in service["spec"]["ports"]] == [8000]
