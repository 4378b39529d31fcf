"""Dependencies identity's endpoints share."""
from typing import Annotated

from fastapi import Depends, Request

from identity.auth.service import SessionIssuer
from identity.auth.throttle import LoginThrottle
from identity.settings import Settings
from identity.user import repository
from identity.user.models import User
from kit.auth import CurrentUser, RevocationStore
from kit.db import SessionDep
from kit.errors import NotAuthenticated


def get_sessions(request: Request) -> SessionIssuer:
    return request.app.state.sessions


def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings


def get_throttle(request: Request) -> LoginThrottle:
    return request.app.state.login_throttle


def get_revocations(request: Request) -> RevocationStore:
    return request.app.state.revocations


async def get_current_account(principal: CurrentUser, session: SessionDep) -> User:
    user = await repository.get(session, principal.user_id)
    if user is None or not user.is_active:
        raise NotAuthenticated()
    return user


SessionsDep = Annotated[SessionIssuer, Depends(get_sessions)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
ThrottleDep = Annotated[LoginThrottle, Depends(get_throttle)]
RevocationsDep = Annotated[RevocationStore, Depends(get_revocations)]
CurrentAccount = Annotated[User, Depends(get_current_account)]
