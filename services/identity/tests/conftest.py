import email
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

pytest_plugins = ["kit.testing"]

SERVICE_DIR = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def service_name() -> str:
    return "identity"


@pytest.fixture(scope="session")
def service_dir() -> Path:
    return SERVICE_DIR


class Mailbox:
    """A real SMTP server (aiosmtpd) that keeps what it receives."""

    def __init__(self):
        self.messages: list[email.message.Message] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
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
    return lambda: build_app(Settings())
