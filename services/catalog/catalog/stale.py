"""Which public menus a transaction changed; their cache is dropped once it commits.

Requests and event handlers alike mark menus stale in their session; kit.db runs the
invalidation after the commit (before it, a concurrent reader could cache the old menu again).
"""
from collections.abc import Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from kit.db import after_commit

STALE_MENUS = "stale_menus"
MENU_CACHE = "menu_cache"  # set on every session by the app's start-up (session factory info)


def mark_stale(session: AsyncSession, menu_ids: Iterable[int]) -> None:
    stale = session.info.get(STALE_MENUS)
    if stale is None:
        stale = session.info[STALE_MENUS] = set()
        cache = session.info[MENU_CACHE]
        after_commit(session, lambda: cache.invalidate(stale))
    stale.update(menu_ids)
