from fastapi import APIRouter, Request, Response

from identity.auth.errors import DemoUnavailable
from identity.auth import service
from identity.auth.schemas import DemoLoginState, LoginAnswer, LoginRequest, SessionUser
from identity.deps import CurrentAccount, RevocationsDep, SettingsDep, SessionsDep, ThrottleDep
from identity.user import repository
from kit.auth import CurrentUser
from kit.db import SessionDep
from kit.throttle import client_address

router = APIRouter(prefix="/api", tags=["auth"])


@router.post("/auth/token/login/", response_model=LoginAnswer, operation_id="login")
async def login(
    body: LoginRequest, request: Request, session: SessionDep, sessions: SessionsDep, throttle: ThrottleDep
):
    user = await service.log_in(session, throttle, body.username, body.password, client_address(request))
    return service.login_answer(user, await sessions.start(user))


@router.get("/auth/token/demo/", response_model=DemoLoginState, operation_id="demoLoginState")
async def demo_login_state(settings: SettingsDep):
    """Whether the demo login is on here, so the login form offers its button only where it works."""
    return DemoLoginState(enabled=settings.demo_login_enabled)


@router.post("/auth/token/demo/", response_model=LoginAnswer, operation_id="demoLogin")
async def demo_login(session: SessionDep, sessions: SessionsDep, settings: SettingsDep):
    """Sign in as the seeded demo owner, without typing its password."""
    user = await repository.get_by_login(session, settings.demo_username) if settings.demo_login_enabled else None
    if user is None:
        raise DemoUnavailable()
    return service.login_answer(user, await sessions.start(user))


@router.post("/auth/token/logout/", status_code=204, operation_id="logout")
async def logout(principal: CurrentUser, session: SessionDep, revocations: RevocationsDep):
    await service.log_out(session, revocations, principal)
    return Response(status_code=204)


@router.post("/token-auth/check-authentication/", response_model=SessionUser, operation_id="checkAuthentication")
async def check_authentication(user: CurrentAccount):
    return {"id": user.id, "username": user.username, "first_name": user.first_name, "groups": [{"id": user.group}]}
