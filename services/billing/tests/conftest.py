from pathlib import Path

import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture(scope="session")
def service_name() -> str:
    return "billing"


@pytest.fixture(scope="session")
def service_dir() -> Path:
    return Path(__file__).resolve().parent.parent


@pytest.fixture
def build_app(test_env):
    from billing.main import build_app
    from billing.settings import Settings

    return lambda: build_app(Settings())
