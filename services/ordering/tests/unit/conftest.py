"""The unit layer: ordering's rules on in-memory fakes (tests/unit/fakes.py), no PostgreSQL, Redis
or RabbitMQ.

kit.testing's fixtures (tests/conftest.py) start the app on real servers; none is autouse, and
here the ones every server fixture hangs from refuse to run, so a unit test that asks for the
app, a client, the database or Redis fails at once instead of reaching for a server.
"""
import pytest


def _no_server(name: str):
    @pytest.fixture(scope="session", name=name)
    def refused():
        pytest.fail(f"tests/unit takes no server: `{name}` belongs to the infrastructure suites")

    return refused


test_env = _no_server("test_env")
migrated_database = _no_server("migrated_database")
session_queues = _no_server("session_queues")
