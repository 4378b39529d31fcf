"""Dependencies catalog's endpoints share: the request session, the staff guard, the menu cache."""
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from catalog.public_menu.cache import MenuCache
from catalog.stale import take_stale
from kit.auth import ADMIN, OPERATOR, OWNER, require_groups
from kit.db import request_session
from kit.tokens import Principal


async def catalog_session(request: Request):
    """kit's request session (commit on return, roll back on error), then, only after the commit,
    drop the public-menu cache of every menu the request changed: invalidating before the commit
    would let a concurrent reader cache the old menu again."""
    sessions = request_session(request)
    session = await anext(sessions)
    try:
        yield session
    except BaseException as exc:
        await sessions.athrow(exc)  # kit rolls back and re-raises
        raise
    await anext(sessions, None)  # kit commits and wakes the outbox relay
    stale = take_stale(session)
    if stale:
        await request.app.state.menu_cache.invalidate(stale)


def get_menu_cache(request: Request) -> MenuCache:
    return request.app.state.menu_cache


Session = Annotated[AsyncSession, Depends(catalog_session, scope="function")]
# Menus, categories and dishes are restaurant staff's work: owners and operators of the
# restaurant (checked per object against the membership projection), and admins.
Staff = Annotated[Principal, Depends(require_groups(ADMIN, OWNER, OPERATOR))]
MenuCacheDep = Annotated[MenuCache, Depends(get_menu_cache)]
