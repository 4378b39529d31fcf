import email
import email.policy
import socket
from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller

pytest_plugins = ["kit.testing"]

class Mailbox:
    """A real SMTP server (aiosmtpd) that keeps what it receives."""

    def __init__(self):
        self.messages: list[email.message.Message] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


@pytest.fixture(scope="session")
def smtp_sink() -> Iterator[tuple[Mailbox, int]]:
    mailbox = Mailbox()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield mailbox, port
    controller.stop()


@pytest.fixture
def mailbox(smtp_sink) -> Mailbox:
    box, _ = smtp_sink
    box.messages.clear()
    return box


@pytest.fixture
def build_app(test_env, smtp_sink, monkeypatch):
    from identity.main import build_app
    from identity.settings import Settings

    _, port = smtp_sink
    monkeypatch.setenv("SMTP_PORT", str(port))
    monkeypatch.setenv("DEMO_LOGIN_ENABLED", "true")  # off by default; the local stack and the tests turn it on
    # Argon2id at its least cost: the suite makes hundreds of hashes, each 0.1-0.2 s at the real one
    # (the running stack, which the browser and attack suites use, keeps it). test_passwords checks it.
    monkeypatch.setenv("PASSWORD_HASH_TIME_COST", "1")
    monkeypatch.setenv("PASSWORD_HASH_MEMORY_KIB", "8192")
    return lambda: build_app(Settings())


@pytest.fixture(scope="session")
def oauth_simulator() -> Iterator[str]:
    """The OAuth providers' simulator served over real HTTP on a free port."""
    import threading
    import time

    import uvicorn

    from simulators.oauth import app as simulator_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(simulator_app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(5)


@pytest.fixture
def social_app(oauth_simulator, monkeypatch):
    import json

    from simulators.oauth_apps import provider_settings

    for name, value in provider_settings(oauth_simulator).items():
        monkeypatch.setenv(name.upper(), json.dumps(value))
