"""Redis's ACL users (deploy/docker/redis/users.acl) on the machine's REAL Redis, as `make infra`
applies them for the local stack: each service logs in with its own password, reaches its own keys
and reads identity's token revocations; only notifications may publish or listen on the live
channel, so no other service (nor anyone without a login) can put a frame on the tablets' sockets.
Redis keeps nothing on disk here: `make infra` applies the users again whenever it runs."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

redis = pytest.importorskip("redis")

REPO = Path(__file__).resolve().parents[2]
PASSWORDS = REPO / ".run" / "keys" / "infra-passwords.json"
SERVICES = ["identity", "catalog", "floor", "ordering", "billing", "notifications"]
LIVE = "notifications.live"  # notifications' Settings.live_channel in the local stack (no namespace)


def as_tests(**options) -> redis.Redis:
    """The suites' own login (make infra): Redis's default user is off."""
    password = json.loads(PASSWORDS.read_text())["tests"]["redis"]
    return redis.Redis(host="127.0.0.1", port=6379, username="tests", password=password, **options)


@pytest.fixture(scope="module")
def login():
    probe = redis.Redis(host="127.0.0.1", port=6379, socket_timeout=3)
    try:
        probe.ping()
    except (redis.exceptions.AuthenticationError, redis.exceptions.ResponseError):
        pass  # it answered, refusing a connection without a login
    except redis.exceptions.ConnectionError:
        pytest.skip("no local Redis")
    finally:
        probe.close()
    assert PASSWORDS.exists(), f"no service users yet ({PASSWORDS}): run `make infra`"
    passwords = json.loads(PASSWORDS.read_text())
    admin = as_tests(socket_timeout=3)
    clients: list = []

    def as_user(service: str, password: str | None = None):
        client = redis.Redis(host="127.0.0.1", port=6379, username=service,
                             password=password or passwords[service]["redis"], socket_timeout=3)
        clients.append(client)
        return client

    yield as_user
    for client in clients:
        client.close()
    admin.close()


def refused(call) -> bool:
    try:
        call()
    except redis.exceptions.NoPermissionError:
        return True
    return False


@pytest.mark.parametrize("service", [s for s in SERVICES if s != "notifications"])
def test_no_other_service_can_publish_or_listen_on_the_live_channel(login, service):
    client = login(service)
    assert refused(lambda: client.publish(LIVE, '{"type": "forged"}'))
    pubsub = client.pubsub()
    assert refused(lambda: (pubsub.subscribe(LIVE), pubsub.get_message(timeout=1)))
    pubsub.close()


def test_notifications_listens_on_the_live_channel_and_may_publish_there(login):
    notifications = login("notifications")
    pubsub = notifications.pubsub()
    pubsub.subscribe(LIVE)
    assert pubsub.get_message(timeout=3)["type"] == "subscribe"
    pubsub.close()
    # Whether it may publish, asked without publishing (the running stack's tablets listen there).
    with as_tests() as admin:
        assert admin.execute_command("ACL", "DRYRUN", "notifications", "PUBLISH", LIVE, "x") == b"OK"
    assert refused(lambda: notifications.publish("ordering.anything", "x"))


def test_a_service_reaches_its_own_keys_and_only_reads_the_revocations(login):
    ordering = login("ordering")
    key = f"ordering:probe:{uuid.uuid4().hex}"
    assert ordering.set(key, 1, ex=30)
    assert ordering.delete(key) == 1
    assert ordering.get(f"auth:revoked:{uuid.uuid4().hex}") is None  # every service checks tokens
    assert refused(lambda: ordering.set(f"auth:revoked:{uuid.uuid4().hex}", 1, ex=30))
    assert refused(lambda: ordering.get("catalog:public-menu:2:1"))
    assert refused(lambda: ordering.get("throttle:login:someone"))
    for dangerous in (lambda: ordering.flushdb(), lambda: ordering.keys("*"), lambda: ordering.scan(0),
                      lambda: ordering.config_get("*")):
        assert refused(dangerous)


def test_only_identity_writes_the_revocations(login):
    identity = login("identity")
    key = f"auth:revoked:probe-{uuid.uuid4().hex}"
    assert identity.set(key, 1, ex=30)
    assert identity.delete(key) == 1


def test_a_wrong_password_is_refused(login):
    with pytest.raises(redis.exceptions.AuthenticationError):
        login("ordering", password="not-" + uuid.uuid4().hex).ping()


def test_every_service_user_is_applied_as_users_acl_says(login):
    admin = as_tests(decode_responses=True)
    try:
        listed = {line.split()[1]: line for line in admin.acl_list()}
    finally:
        admin.close()
    for line in (REPO / "deploy" / "docker" / "redis" / "users.acl").read_text().splitlines():
        if line.startswith("user ") and not line.startswith("user default "):
            _, name, *rules = line.split()
            applied = listed[name].split()
            for rule in rules:
                if rule not in ("resetchannels",):
                    assert rule in applied, (name, rule)
            assert login(name).ping()
