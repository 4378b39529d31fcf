"""The kit is tested through a small service built with it, on a real database and broker."""
import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated

import pytest

# The plugin's asserts are rewritten only if pytest sees it before this file imports it.
pytest.register_assert_rewrite("kit.testing")

from asgi_lifespan import LifespanManager  # noqa: E402

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field
from sqlalchemy import Integer, String, select, text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.orm import Mapped, mapped_column

from contracts.identity import RestaurantCreated
from kit.app import create_app
from kit.auth import CurrentUser
from kit.db import Base, SessionDep, after_commit
from kit.errors import DetailError, FieldErrors, NonFieldError
from kit.i18n import Text
from kit.membership import RestaurantMember  # noqa: F401  (its table is part of the schema)
from kit.outbox import add_event
from kit.pagination import DbId, Ordering, Page, Paging, Search, contains, fetch_page, ordered, paging
from kit.settings import ServiceSettings
from kit.testing import empty_tables, purge_queues, recreate_database

pytest_plugins = ["kit.testing"]


class HandledEvent(Base):
    """What the test handler writes: one row per handler run, so a second run shows."""

    __tablename__ = "handled_event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[str] = mapped_column(String(64))


async def record_event(session, event) -> None:
    remember_after_commit(session, f"event {event.nombre_local}")
    session.add(HandledEvent(event_id=str(event.event_id)))


async def handled(app, event) -> bool:
    """Whether `record_event` (or a handler like it) has run for `event` in `app`."""
    async with app.state.session_factory() as session:
        return str(event.event_id) in (await session.scalars(select(HandledEvent.event_id))).all()


async def eventually(check, seconds=15.0):
    """Until `await check()` is true, at most `seconds` (the bus and relay work in the background)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("condition not reached")


async def backend_pid(engine) -> int:
    """The PostgreSQL backend the engine's pool hands out next: which connection a caller got."""
    async with engine.connect() as connection:
        return await connection.scalar(text("SELECT pg_backend_pid()"))


HANDLERS = {RestaurantCreated.type: record_event}
OOPS = Text(es="Algo salió mal.", en="Something went wrong.")


class Thing(BaseModel):
    name: str = Field(min_length=3, max_length=5)
    size: int = Field(ge=1)


router = APIRouter()
COMMITTED: list[str] = []  # what after-commit callbacks saw


def remember_after_commit(session, name: str) -> None:
    async def remember() -> None:
        COMMITTED.append(name)

    after_commit(session, remember)


@router.post("/things")
async def create_thing(thing: Thing, session: SessionDep):
    remember_after_commit(session, thing.name)
    session.add(HandledEvent(event_id=thing.name))
    add_event(session, RestaurantCreated(restaurant_id=thing.size, owner_id=1, nombre_local=thing.name))
    return {"ok": True}


@router.post("/things/by-staff")
async def create_thing_by_staff(thing: Thing, principal: CurrentUser, session: SessionDep):
    """Like /things, by a signed-in user: staff name their screen in the event (kit.origin)."""
    add_event(session, RestaurantCreated(restaurant_id=thing.size, owner_id=principal.user_id, nombre_local=thing.name))
    return {"ok": True}


@router.post("/things/fail-after-write")
async def fail_after_write(thing: Thing, session: SessionDep):
    remember_after_commit(session, thing.name)
    session.add(HandledEvent(event_id=thing.name))
    add_event(session, RestaurantCreated(restaurant_id=thing.size, owner_id=1, nombre_local=thing.name))
    await session.flush()
    raise NonFieldError(OOPS)


@router.get("/things", response_model=Page[str] | list[str])
async def list_things(
    session: SessionDep,
    listing: Annotated[Paging, Depends(paging(default_size=2))],
    search: Search = None,
    ordering: Ordering = None,
):
    query = select(HandledEvent.event_id).where(contains(search, HandledEvent.event_id))
    query = ordered(query, ordering, {"name": HandledEvent.event_id}, default=HandledEvent.id, tiebreak=HandledEvent.id)
    count, rows = await fetch_page(session, query, listing, scalars=True)
    return listing.answer(count, rows)


@router.get("/things/{thing_id}")
async def get_thing(thing_id: DbId, session: SessionDep):
    return {"found": await session.get(HandledEvent, thing_id) is not None}


@router.get("/slow/{seconds}")
async def slow(seconds: float, session: SessionDep):
    """Holds a request connection for `seconds` inside the database."""
    await session.execute(text("SELECT pg_sleep(:seconds)"), {"seconds": seconds})
    return {"slept": seconds}


class OutOfStock(DetailError, code="out_of_stock"): ...


@router.get("/errors/{kind}")
async def errors(kind: str):
    if kind == "fields":
        raise FieldErrors({"fk_user": {"email": [OOPS]}, "name": [OOPS, OOPS]})
    if kind == "detail":
        raise DetailError(OOPS, status_code=208)
    if kind == "coded":
        raise OutOfStock(OOPS)
    raise RuntimeError("boom")


@pytest.fixture(scope="session")
def service_dir() -> Path:
    return Path(__file__).resolve().parent


@pytest.fixture(scope="session")
async def migrated_database(test_env) -> str:
    """The kit has no migrations of its own: its tables are created from the models."""
    await recreate_database("test_kit")
    engine = create_async_engine(test_env["DATABASE_URL"])
    async with engine.begin() as connection:
        await connection.run_sync(Base.metadata.create_all)
    await engine.dispose()
    return test_env["DATABASE_URL"]


@pytest.fixture
def build_app(test_env):
    return lambda: create_app(ServiceSettings(service_name="kit"), routers=[router], event_handlers=HANDLERS)


@pytest.fixture
async def start_service(migrated_database, session_queues):
    """`async with start_service(handlers, service_name=..., **settings) as app`: the test service
    under other settings (another service's name, a broker elsewhere, short retry delays)."""
    connected: set[str] = set()

    @asynccontextmanager
    async def start(handlers=None, **settings) -> AsyncIterator:
        application = create_app(ServiceSettings(**settings), routers=[router], event_handlers=handlers or {})
        async with LifespanManager(application, startup_timeout=30, shutdown_timeout=30):
            try:
                yield application
            finally:
                if application.state.bus.connected.is_set():
                    connected.update(application.state.bus.queue_names)

    yield start
    session_queues.update(connected)
    await purge_queues(sorted(connected))
    await empty_tables(migrated_database)
