"""Processes that die at the worst moment, for the delivery tests (run as a subprocess).

  python crash_points.py relay     publish every pending outbox row, die before marking them sent
  python crash_points.py consumer  process one event (commit), die before acknowledging it
"""
import asyncio
import os
import sys

from contracts.identity import RestaurantCreated
from kit.bus import Bus
from kit.consumer import subscribe_handlers
from kit.db import after_commit, make_engine, make_session_factory
from kit.outbox import OutboxRelay
from kit.settings import ServiceSettings

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from tests.conftest import record_event  # noqa: E402


def die(*_args, **_kwargs):
    os._exit(17)


async def record_then_die(session, event) -> None:
    """The test handler, and the process dies once its transaction has committed (kit.db's
    after-commit hooks run before the consumer acknowledges)."""
    await record_event(session, event)

    async def die_after_commit() -> None:
        die()

    after_commit(session, die_after_commit)


async def main(point: str) -> None:
    settings = ServiceSettings(service_name="kit")
    session_factory = make_session_factory(make_engine(settings.database_url))
    bus = Bus(settings)
    if point == "relay":
        relay = OutboxRelay(session_factory, bus, poll_seconds=60)
        relay._mark_published = die  # the rows were published: crash before the commit that marks them
        await bus.start()
        await relay.publish_pending()
    else:
        subscribe_handlers(bus, session_factory, {RestaurantCreated.type: record_then_die})  # committed, never acknowledged
        await bus.start()
        await asyncio.sleep(30)
    sys.exit(3)  # reaching here means the crash point was never hit


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
