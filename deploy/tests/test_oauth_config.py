"""Google and Facebook sign-in as each deployment configures identity: docker-compose.yml, the
Kubernetes Secret's example and the local stack (deploy/local/config.py). Every one must end up
with the provider's token check (`tokeninfo_url`): without it an app's access token cannot sign in
(POST login/social/token/), and compose once lost it by spelling out the providers in full."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from identity.settings import Settings

REPO = Path(__file__).resolve().parents[2]
PROVIDERS = ("GOOGLE", "FACEBOOK")


def identity_settings(monkeypatch, env: dict[str, str]) -> Settings:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return Settings()


def test_compose_sets_only_the_credentials_and_keeps_the_providers_endpoints(monkeypatch):
    environment = yaml.safe_load((REPO / "docker-compose.yml").read_text())["services"]["identity"]["environment"]
    oauth = {k: v for k, v in environment.items() if k.startswith(PROVIDERS)}
    assert set(oauth) == set(PROVIDERS)  # as the local stack names them (test_topology.py)
    # what compose substitutes from the environment (.env): ${GOOGLE_CLIENT_ID:-} -> app-google_client_id
    filled = {k: re.sub(r"\$\{([A-Z_]+):-\}", lambda m: f"app-{m.group(1).lower()}", v) for k, v in oauth.items()}
    settings = identity_settings(monkeypatch, filled)
    defaults = Settings.model_fields
    for name in ("google", "facebook"):
        provider = getattr(settings, name)
        assert provider.client_id == f"app-{name}_client_id" and provider.client_secret == f"app-{name}_client_secret"
        assert provider.tokeninfo_url and provider.tokeninfo_url == defaults[name].default.tokeninfo_url
        assert provider.authorize_url == defaults[name].default.authorize_url


def test_the_kubernetes_secret_gives_credentials_that_keep_the_token_check(monkeypatch):
    docs = list(yaml.safe_load_all((REPO / "deploy" / "k8s" / "base" / "secrets.example.yaml").read_text()))
    [secret] = [d for d in docs if d and d["metadata"]["name"] == "identity-oauth"]
    settings = identity_settings(monkeypatch, {"GOOGLE": secret["stringData"]["google"], "FACEBOOK": secret["stringData"]["facebook"]})
    assert settings.google.tokeninfo_url == "https://oauth2.googleapis.com/tokeninfo"
    assert settings.facebook.tokeninfo_url == "https://graph.facebook.com/debug_token"
    assert settings.google.client_id == "..."  # the example's placeholder reached the setting


@pytest.mark.parametrize("name", ["google", "facebook"])
def test_the_local_stack_points_every_endpoint_at_a_route_of_the_simulator(monkeypatch, name):
    sys.path.insert(0, str(REPO / "deploy" / "local"))
    import config  # deploy/local/config.py
    from simulators.oauth import app
    from simulators.oauth_apps import CLIENTS

    provider = getattr(identity_settings(monkeypatch, {p: config.SERVICE_ENV["identity"][p] for p in PROVIDERS}), name)
    assert (provider.client_id, provider.client_secret) == CLIENTS["google-oauth2" if name == "google" else name]
    base = f"http://127.0.0.1:{config.OAUTH_SIM_PORT}"
    for field in ("authorize_url", "token_url", "userinfo_url", "tokeninfo_url"):
        url = getattr(provider, field)
        assert url.startswith(base), (field, url)
        path = urlsplit(url).path
        assert any(route.path_regex.match(path) for route in app.routes), (field, path)
