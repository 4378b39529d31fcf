"""What every service's `tests/unit/` layer shares: no server, errors read as a person reads them,
and a session that only keeps what a step adds to it.

A unit layer's conftest.py refuses the fixtures every server fixture hangs from:

    from kit.testing.unit import refuse_servers
    globals().update(refuse_servers())             # test_env, migrated_database, session_queues
    globals().update(refuse_servers("smtp_sink"))  # and a service's own, by name

so a unit test that asks for the app, a client, the database or Redis fails at once, instead of
reaching for a server that `make test-fast` does not start; and imports `no_connections`, which
makes any connection a test opens fail (one hidden in a step it calls, say).
"""
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from kit.errors import AppError, render, validation_tree
from kit.i18n import current_lang
from kit.outbox import OutboxMessage

SERVER_FIXTURES = ("test_env", "migrated_database", "session_queues")


def refuse_servers(*names: str) -> dict[str, Any]:
    """Fixtures of these names (kit.testing's server roots when none is named) that fail the test."""
    def refused(name: str):
        @pytest.fixture(scope="session", name=name)
        def refuse():
            pytest.fail(f"tests/unit takes no server: `{name}` belongs to the infrastructure suites")

        return refuse

    return {f"_refused_{name}": refused(name) for name in (names or SERVER_FIXTURES)}


@pytest.fixture(autouse=True)
def no_connections(monkeypatch):
    """A unit test that reaches for PostgreSQL, Redis or RabbitMQ (or anything else) fails."""

    def refused(self, address, *args):
        raise AssertionError(f"a unit test tried to connect to {address!r}")

    monkeypatch.setattr(socket.socket, "connect", refused)
    monkeypatch.setattr(socket.socket, "connect_ex", refused)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    token = current_lang.set(lang)
    try:
        yield
    finally:
        current_lang.reset(token)


def read(body: Any, lang: str = "es") -> Any:
    """An error body (or a Text) as the answer would carry it, in `lang`."""
    with speaking(lang):
        return render(body)


def answer_of(error: AppError, lang: str = "es") -> Any:
    return read(error.body, lang)


def refusal(model: type[BaseModel], data: Any, lang: str = "es") -> dict:
    """The 400 body the kit answers when `data` does not fit `model` (kit.errors.validation_tree)."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        return read(validation_tree(exc.errors()), lang)
    raise AssertionError(f"{data!r} fits {model.__name__}")


class Session:
    """Stands in for an AsyncSession where a step only adds rows and flushes: a flush gives the rows
    added without an id the next ids, as the database would; `events()` reads the outbox's."""

    def __init__(self, first_id: int = 42):
        self.added: list = []
        self.info: dict = {}
        self._next_id = first_id - 1

    def add(self, row) -> None:
        self.added.append(row)

    def add_all(self, rows) -> None:
        self.added.extend(rows)

    async def flush(self) -> None:
        for row in self.added:
            if hasattr(row, "id") and getattr(row, "id", None) is None:
                self._next_id += 1
                row.id = self._next_id

    def events(self) -> list[tuple[str, dict]]:
        return [(row.event_type, row.payload) for row in self.added if isinstance(row, OutboxMessage)]

    def rows(self, kind: type) -> list:
        return [row for row in self.added if isinstance(row, kind)]
