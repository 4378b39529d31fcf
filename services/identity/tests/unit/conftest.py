"""The unit layer: identity's rules on worked examples, no PostgreSQL, Redis, RabbitMQ or SMTP.

kit.testing's fixtures (tests/conftest.py) start the app on real servers; none is autouse, and
here the ones every server fixture hangs from refuse to run (kit.testing.unit), so a unit test
that asks for the app, a client, the database, Redis or the SMTP sink fails at once instead of
reaching for a server.

Argon2id runs at its least cost here, as in the infrastructure suites (tests/conftest.py): a
unit test hashes to check a rule, not the hash's strength.
"""
import pytest
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from identity.user import passwords
from kit.testing.unit import refuse_servers

globals().update(refuse_servers())
globals().update(refuse_servers("smtp_sink", "oauth_simulator"))


@pytest.fixture(scope="session", autouse=True)
def cheap_hashes():
    """The least Argon2id cost for new hashes (and the unknown account's stand-in), put back after."""
    with pytest.MonkeyPatch.context() as patch:
        cheap = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=8192),))
        patch.setattr(passwords, "_hasher", cheap)
        patch.setattr(passwords, "_DUMMY_HASH", cheap.hash("not-a-real-password"))
        yield
