"""The unit layer: billing's rules and steps over in-memory fakes (fakes.py), no PostgreSQL, Redis or
RabbitMQ: `../../.venv/bin/pytest -q tests/unit -p no:cacheprovider` runs in seconds.

kit.testing's fixtures (tests/conftest.py) start the app on real servers; none is autouse, and
here the ones every server fixture hangs from refuse to run, so a unit test that asks for the
app, a client, the database or Redis fails at once instead of reaching for a server.
"""
import pytest

from kit import localtime


def _no_server(name: str):
    @pytest.fixture(scope="session", name=name)
    def refused():
        pytest.fail(f"tests/unit takes no server: `{name}` belongs to the infrastructure suites")

    return refused


test_env = _no_server("test_env")
migrated_database = _no_server("migrated_database")
session_queues = _no_server("session_queues")


@pytest.fixture(autouse=True)
def buenos_aires():
    """The restaurants' zone these tests' moments are written in (what `create_app` sets from
    RESTAURANT_TIMEZONE), put back after each test."""
    before = localtime.zone()
    localtime.configure("America/Argentina/Buenos_Aires")
    yield localtime.zone()
    localtime.configure(before.key)
