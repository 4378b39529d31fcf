"""What a change to a menu does beyond its rows: the event it announces, the public menus it
makes stale, the image files it drops.

Services record these in their session, in requests and event handlers alike. The event commits
with the change (outbox); once the transaction has committed, the stale menus leave the cache
(before it, a concurrent reader could cache the old menu again) and dropped files leave the media
folder (before it, a rollback would still point at them). A rollback does none of it.

The menu cache and the media folder reach every session through its `info`, set once at start-up.
"""
from collections.abc import Iterable
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from catalog.public_menu.cache import MenuCache
from contracts.catalog import (
    CategoryDeleted,
    CategoryFacts,
    DishDeleted,
    DishFacts,
    MenuDeleted,
    MenuFacts,
    PricesChanged,
)
from kit.db import after_commit
from kit.outbox import add_event
from kit.uploads import discard_after_commit

MENU_CACHE, MEDIA_DIR, STALE_MENUS = "menu_cache", "media_dir", "stale_menus"
# Every event catalog publishes is about one menu.
MenuEvent = MenuFacts | MenuDeleted | CategoryFacts | CategoryDeleted | DishFacts | DishDeleted | PricesChanged


def bind(session_factory: async_sessionmaker[AsyncSession], cache: MenuCache, media_dir: Path) -> None:
    session_factory.configure(info={MENU_CACHE: cache, MEDIA_DIR: media_dir})


def announce(session: AsyncSession, event: MenuEvent) -> None:
    """Stage `event` in the outbox; the public menu it concerns is dropped from the cache after the commit."""
    add_event(session, event)
    mark_stale(session, [event.menu_id])


def mark_stale(session: AsyncSession, menu_ids: Iterable[int]) -> None:
    """For changes no event announces (images, the restaurant's profile)."""
    stale = session.info.get(STALE_MENUS)
    if stale is None:
        stale = session.info[STALE_MENUS] = set()
        cache = session.info[MENU_CACHE]
        after_commit(session, lambda: cache.invalidate(stale))
    stale.update(menu_ids)


def media_dir(session: AsyncSession) -> Path:
    return session.info[MEDIA_DIR]


def drop_files(session: AsyncSession, paths: Iterable[str]) -> None:
    """Replaced or deleted images stop being served once the change commits."""
    discard_after_commit(session, media_dir(session), *paths)
