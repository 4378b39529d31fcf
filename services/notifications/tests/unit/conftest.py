"""The unit layer: notifications' rules with in-memory fakes (tests/unit/fakes.py) in place of its
repositories, its sessions and its sockets. No fixture of kit.testing is autouse, and none is used
here; so that nothing here can lean on a server unnoticed, the fixtures every server fixture hangs
from fail (kit.testing.unit.refuse_servers: the app, a client, the database, Redis, the broker), and
every test runs with connecting refused.

    cd services/notifications && ../../.venv/bin/pytest -q tests/unit -p no:cacheprovider
"""
import pytest

from kit.testing.unit import no_connections, refuse_servers  # noqa: F401  (no_connections: autouse)
from notifications.delivery import repository as delivery_repository
from notifications.notification import repository as notification_repository
from notifications.place import repository as place_repository
from tests.unit.fakes import Deliveries, Places, Stream

globals().update(refuse_servers())  # test_env, migrated_database, session_queues


@pytest.fixture
def stream(monkeypatch) -> Stream:
    """notification.repository's stream, in memory."""
    fake = Stream()
    for name in ("take_positions", "heads", "after", "newest_in"):
        monkeypatch.setattr(notification_repository, name, getattr(fake, name))
    return fake


@pytest.fixture
def places(monkeypatch) -> Places:
    """place.repository, in memory."""
    fake = Places()
    for name in ("get", "by_token_hash", "by_token_hashes", "name_of", "start_sitting"):
        monkeypatch.setattr(place_repository, name, getattr(fake, name))
    return fake


@pytest.fixture
def deliveries(monkeypatch) -> Deliveries:
    """delivery.repository, in memory."""
    fake = Deliveries()
    monkeypatch.setattr(delivery_repository, "by_token_hashes", fake.by_token_hashes)
    return fake
