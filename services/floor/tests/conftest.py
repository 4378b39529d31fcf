import pytest

pytest_plugins = ["kit.testing"]


@pytest.fixture
def people(auth_header):
    from tests.helpers import People

    return People(auth_header)


@pytest.fixture
async def floor_world(app):
    """Restaurants A and B with their members, menus and A's name."""
    from tests.helpers import world

    await world(app)
