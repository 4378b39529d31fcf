import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
import uvicorn

pytest_plugins = ["kit.testing"]

# Quick enough for tests: sockets authenticate within 1 s, are checked again every 0.2 s; a
# reconnecting socket gets at most 5 missed messages.
FAST = {"socket_auth_seconds": 1.0, "socket_check_seconds": 0.2, "stream_poll_seconds": 0.3, "catch_up_limit": 5}


@pytest.fixture
def overrides() -> dict:
    """Settings a test changes besides FAST: `@pytest.mark.parametrize("overrides", [{...}])`."""
    return {}


@pytest.fixture
def build_app(test_env, overrides):
    from notifications.main import build_app
    from notifications.settings import Settings

    return lambda: build_app(Settings(**{**FAST, **overrides}))


@pytest.fixture
async def people(app, auth_header, signer):
    """Restaurants A and B with their owners, A's operator, a client, an admin (see helpers)."""
    from tests.helpers import People, seed_members

    await seed_members(app.state.session_factory)
    return People(auth_header, signer)


@pytest.fixture
async def ws_url(app):
    """The app served by a real uvicorn server on a free port (websockets need a server): its ws:// base."""
    async with served(app, socket.socket()) as url:
        yield url


@asynccontextmanager
async def served(app, listener: socket.socket) -> AsyncIterator[str]:
    listener.bind(("127.0.0.1", 0))
    # A test that fails with a socket still open must not hold the server's shutdown (and the suite) up.
    server = uvicorn.Server(uvicorn.Config(app, lifespan="off", log_level="warning", timeout_graceful_shutdown=5))
    serving = asyncio.create_task(server.serve(sockets=[listener]))
    while not server.started:
        await asyncio.sleep(0.01)
    yield f"ws://127.0.0.1:{listener.getsockname()[1]}"
    server.should_exit = True
    await serving
