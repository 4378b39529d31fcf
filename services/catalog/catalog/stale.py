"""Which public menus a transaction changed; their cache is dropped once it commits."""
import asyncio
from collections.abc import Iterable

import structlog
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession

log = structlog.get_logger()

STALE_MENUS = "stale_menus"
MENU_CACHE = "menu_cache"  # set on every session by the app's start-up (session factory info)
_tasks: set[asyncio.Task] = set()


def mark_stale(session: AsyncSession, menu_ids: Iterable[int]) -> None:
    session.info.setdefault(STALE_MENUS, set()).update(menu_ids)


def take_stale(session: AsyncSession) -> set[int]:
    return session.info.pop(STALE_MENUS, set())


async def invalidate_in_handler(session: AsyncSession) -> None:
    """For event handlers, whose transaction the kit's consumer commits after they return.

    Drop the cache now (readers from now on rebuild it), and once more after the commit, so a
    reader that rebuilt it from the pre-commit snapshot in between cannot leave it stale."""
    stale = take_stale(session)
    cache = session.info.get(MENU_CACHE)
    if not stale or cache is None:
        return
    await cache.invalidate(stale)

    def after_commit(_sync_session) -> None:
        task = asyncio.get_running_loop().create_task(cache.invalidate(stale))
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)

    event.listen(session.sync_session, "after_commit", after_commit, once=True)
