from pathlib import Path

import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture(scope="session")
def service_name() -> str:
    return "catalog"


@pytest.fixture(scope="session")
def service_dir() -> Path:
    return Path(__file__).resolve().parent.parent


@pytest.fixture
def build_app(test_env):
    from catalog.main import build_app
    from catalog.settings import Settings

    return lambda: build_app(Settings())


@pytest.fixture
async def people(app, auth_header):
    """Restaurants A and B with their owners, A's operator, a client, an admin (see helpers)."""
    from tests.helpers import People, seed_members

    await seed_members(app)
    return People(auth_header)
