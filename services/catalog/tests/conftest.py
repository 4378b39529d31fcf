import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture(scope="session")
def service_name() -> str:
    return "catalog"
