"""The marketplace tests talk to the provider's simulator (deploy/simulators/) over real HTTP, on a
free port of its own: no running stack needed. Each test starts from an empty simulator."""
import secrets
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from simulators.mercadopago import billing_settings, create_app
from simulators.serve import serving

TOKEN_KEY = secrets.token_hex(32)


@pytest.fixture(scope="session")
def simulator_url() -> Iterator[str]:
    with serving(create_app()) as url:
        yield url


@pytest.fixture
async def simulator(simulator_url) -> AsyncIterator[httpx.AsyncClient]:
    """The simulator's control API (and its pages), reset; notifications go to its own sink."""
    async with httpx.AsyncClient(base_url=simulator_url, timeout=10) as http:
        (await http.post("/_control/reset")).raise_for_status()
        (await http.put("/_control/settings", json={
            "retry_seconds": [0.05, 0.05], "webhook_url": f"{simulator_url}/_control/sink"})).raise_for_status()
        yield http


@pytest.fixture
def marketplace_env() -> dict[str, str]:
    """Settings a test changes (parametrize this name to override)."""
    return {}


@pytest.fixture
def build_app(test_env, simulator_url, marketplace_env, monkeypatch):
    from billing.main import build_app
    from billing.settings import Settings

    for name, value in {**billing_settings(simulator_url), "MERCADOPAGO_TOKEN_KEY": TOKEN_KEY,
                        "MERCADOPAGO_TIMEOUT_SECONDS": "1", **marketplace_env}.items():
        monkeypatch.setenv(name, value)
    return lambda: build_app(Settings())
