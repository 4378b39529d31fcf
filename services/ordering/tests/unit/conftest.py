"""The unit layer: ordering's rules and steps over in-memory fakes (tests/unit/fakes.py), no
PostgreSQL, Redis or RabbitMQ: `../../.venv/bin/pytest -q tests/unit -p no:cacheprovider` runs in
seconds.

kit.testing's fixtures (tests/conftest.py) start the app on real servers; none is autouse, and
here the ones every server fixture hangs from refuse to run, and no connection opens
(kit.testing.unit), so a unit test that reaches for a server fails at once.
"""
from kit.testing.unit import no_connections, refuse_servers  # noqa: F401  (no_connections: autouse)

globals().update(refuse_servers())  # test_env, migrated_database, session_queues
