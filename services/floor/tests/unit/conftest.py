"""The unit layer: floor's rules on worked examples, no PostgreSQL, Redis or RabbitMQ.

kit.testing's fixtures (tests/conftest.py) start the app on real servers; none is autouse, and
here the ones every server fixture hangs from refuse to run (kit.testing.unit), so a unit test
that asks for the app, a client, the database or Redis fails at once instead of reaching for a
server.
"""
from kit.testing.unit import refuse_servers

globals().update(refuse_servers())
