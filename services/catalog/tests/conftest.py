import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture(scope="session")
def service_name() -> str:
    return "catalog"


@pytest.fixture
async def people(app, auth_header):
    """Restaurants A and B with their owners, A's operator, a client, an admin (see helpers)."""
    from tests.helpers import People, seed_members

    await seed_members(app.state.session_factory)
    return People(auth_header)
