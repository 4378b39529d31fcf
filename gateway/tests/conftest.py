import os
import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # gateway/route_table.py


@pytest.fixture(scope="session")
def base_url() -> str:
    return f"http://127.0.0.1:{os.environ.get('GATEWAY_PORT', '8080')}"


@pytest.fixture(scope="session")
def client(base_url):
    try:
        httpx.get(base_url + "/", timeout=3)
    except httpx.HTTPError as e:
        pytest.fail(f"the gateway is not answering on {base_url} ({e}); run `make up` first")
    with httpx.Client(base_url=base_url, timeout=10, follow_redirects=False) as c:
        yield c
