from pathlib import Path

import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture(scope="session")
def service_name() -> str:
    return "notifications"


@pytest.fixture(scope="session")
def service_dir() -> Path:
    return Path(__file__).resolve().parent.parent


@pytest.fixture
def build_app(test_env):
    from notifications.main import build_app
    from notifications.settings import Settings

    return lambda: build_app(Settings())
