"""Dependencies identity's endpoints share."""
from typing import Annotated

from fastapi import Depends, Request

from identity.auth.errors import DemoAccountLocked
from identity.auth.service import SessionIssuer
from identity.auth.throttle import Throttle
from identity.settings import Settings
from identity.user import repository
from identity.user.models import User
from kit.auth import CurrentUser, RevocationStore
from kit.db import SessionDep
from kit.errors import NotAuthenticated
from kit.tokens import Principal


def get_sessions(request: Request) -> SessionIssuer:
    return request.app.state.sessions


def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings


def get_throttle(request: Request) -> Throttle:
    return request.app.state.throttle


def get_revocations(request: Request) -> RevocationStore:
    return request.app.state.revocations


async def get_current_account(principal: CurrentUser, session: SessionDep) -> User:
    user = await repository.get(session, principal.user_id)
    # The database is the truth about generations; Redis only holds a copy for the other services.
    if user is None or not user.is_active or principal.generation < user.token_generation:
        raise NotAuthenticated()
    return user


SessionsDep = Annotated[SessionIssuer, Depends(get_sessions)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
ThrottleDep = Annotated[Throttle, Depends(get_throttle)]
RevocationsDep = Annotated[RevocationStore, Depends(get_revocations)]
CurrentAccount = Annotated[User, Depends(get_current_account)]


async def not_demo(principal: CurrentUser, settings: SettingsDep) -> Principal:
    """Refuses the shared demo owner what would lock other visitors out of the demo."""
    if principal.username == settings.demo_username:
        raise DemoAccountLocked()
    return principal


# On a route (`dependencies=[NotDemo]`): what the shared demo owner may not do.
NotDemo = Depends(not_demo)
