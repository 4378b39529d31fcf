"""The attack suite runs against the RUNNING stack (`make up`) through the gateway.

SECURITY_MODE=short (what `make test` runs) sends fewer generated requests and opens fewer
sockets; anything else is the full run (`make security`). Every test writes what it tried and
what got through to the ledger (ledger.py), saved when the session ends for run.py's table.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.append(str(Path(__file__).resolve().parents[2] / "gateway"))  # gateway/probes.py

from ledger import Ledger  # noqa: E402
from tenants import GATEWAY, Stack, World, build_world  # noqa: E402

LEDGER = Ledger()


def pytest_sessionfinish(session, exitstatus):
    LEDGER.save()


@pytest.fixture(scope="session")
def short() -> bool:
    return os.environ.get("SECURITY_MODE", "full") == "short"


@pytest.fixture(scope="session")
def ledger() -> Ledger:
    return LEDGER


@pytest.fixture(scope="session")
def base_url() -> str:
    return GATEWAY


@pytest.fixture(scope="session")
def stack(base_url) -> Stack:
    try:
        httpx.get(base_url + "/", timeout=3)
    except httpx.HTTPError as e:
        pytest.exit(f"the gateway is not answering on {base_url} ({e}); run `make up` first", returncode=2)
    made = Stack(base_url)
    yield made
    made.close()


@pytest.fixture(scope="session")
def world(stack) -> World:
    return build_world(stack)


@pytest.fixture(scope="session")
def http(stack) -> httpx.Client:
    return stack.http
