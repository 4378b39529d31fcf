import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture
async def people(app, auth_header):
    """Restaurants A and B (created long ago: past their free month) with their owners, A's
    operator, a client, an admin, and the owners' usernames (see helpers.world)."""
    from tests.helpers import People, world

    await world(app)
    return People(auth_header)
