import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture
async def people(app, auth_header):
    """Restaurants A and B with their owners, A's operator, a client, an admin, and the facts
    ordering learns from the other services: dishes, tables and settings (see helpers.world)."""
    from tests.helpers import People, world

    await world(app)
    return People(auth_header)
