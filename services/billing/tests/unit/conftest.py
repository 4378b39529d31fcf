"""The unit layer: billing's rules and steps over in-memory fakes (fakes.py), no PostgreSQL, Redis or
RabbitMQ: `../../.venv/bin/pytest -q tests/unit -p no:cacheprovider` runs in seconds.

kit.testing's fixtures (tests/conftest.py) start the app on real servers; none is autouse, and
here the ones every server fixture hangs from refuse to run, and no connection opens
(kit.testing.unit), so a unit test that reaches for a server fails at once.
"""
import pytest

from contracts.restaurant import TIME_ZONE
from kit import localtime
from kit.testing.unit import no_connections, refuse_servers  # noqa: F401  (no_connections: autouse)

globals().update(refuse_servers())  # test_env, migrated_database, session_queues


@pytest.fixture(autouse=True)
def buenos_aires():
    """The restaurants' zone these tests' moments are written in (what `create_app` sets from
    RESTAURANT_TIMEZONE), put back after each test."""
    before = localtime.zone()
    localtime.configure(TIME_ZONE)
    yield localtime.zone()
    localtime.configure(before.key)
