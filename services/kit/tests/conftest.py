"""The kit is tested through a small service built with it, on a real database and broker."""
from pathlib import Path

import pytest
from fastapi import APIRouter
from pydantic import BaseModel, Field
from sqlalchemy import Integer, String
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.orm import Mapped, mapped_column

from contracts.identity import RestaurantCreated
from kit.app import create_app
from kit.db import Base, SessionDep, after_commit
from kit.errors import DetailError, FieldErrors, NonFieldError
from kit.i18n import Text
from kit.membership import RestaurantMember  # noqa: F401  (its table is part of the schema)
from kit.outbox import add_event
from kit.settings import ServiceSettings
from kit.testing import recreate_database

pytest_plugins = ["kit.testing"]


class HandledEvent(Base):
    """What the test handler writes: one row per handler run, so a second run shows."""

    __tablename__ = "handled_event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[str] = mapped_column(String(64))


async def record_event(session, event) -> None:
    remember_after_commit(session, f"event {event.nombre_local}")
    session.add(HandledEvent(event_id=str(event.event_id)))


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


@router.post("/things/fail-after-write")
async def fail_after_write(thing: Thing, session: SessionDep):
    remember_after_commit(session, thing.name)
    session.add(HandledEvent(event_id=thing.name))
    add_event(session, RestaurantCreated(restaurant_id=thing.size, owner_id=1, nombre_local=thing.name))
    await session.flush()
    raise NonFieldError(OOPS)


class OutOfStock(DetailError):
    code = "out_of_stock"


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
def service_name() -> str:
    return "kit"


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
