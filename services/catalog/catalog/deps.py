"""Dependencies catalog's endpoints share: the request session, the staff guard, the menu cache."""
from typing import Annotated

from fastapi import Depends, Request

from catalog.public_menu.cache import MenuCache
from kit.auth import ADMIN, OPERATOR, OWNER, require_groups
from kit.db import SessionDep
from kit.tokens import Principal


def get_menu_cache(request: Request) -> MenuCache:
    return request.app.state.menu_cache


Session = SessionDep  # the menus a request changes are dropped from the cache after its commit (catalog.stale)
# Menus, categories and dishes are restaurant staff's work: owners and operators of the
# restaurant (checked per object against the membership projection), and admins.
Staff = Annotated[Principal, Depends(require_groups(ADMIN, OWNER, OPERATOR))]
MenuCacheDep = Annotated[MenuCache, Depends(get_menu_cache)]
