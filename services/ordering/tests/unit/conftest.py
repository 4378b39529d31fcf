"""The unit layer: ordering's rules and steps over in-memory fakes (tests/unit/fakes.py), no
PostgreSQL, Redis or RabbitMQ: `../../.venv/bin/pytest -q tests/unit -p no:cacheprovider` runs in
seconds.

kit.testing's fixtures (tests/conftest.py) start the app on real servers; none is autouse, and
here the ones every server fixture hangs from refuse to run, and no connection opens
(kit.testing.unit), so a unit test that reaches for a server fails at once.
"""
import pytest

from kit.testing.unit import no_connections, refuse_servers  # noqa: F401  (no_connections: autouse)
from tests.unit.fakes import World

globals().update(refuse_servers())  # test_env, migrated_database, session_queues


@pytest.fixture
def world() -> World:
    """Restaurant A's tables 11 and 12 and its dishes 1 (Empanada) and 2 (Milanesa); a test file
    that needs more of the world says so in a `world` of its own."""
    world = World()
    world.place(11), world.place(12)
    world.dish(1, "100.00", name="Empanada"), world.dish(2, "250.50", name="Milanesa")
    return world
