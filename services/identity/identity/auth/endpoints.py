from fastapi import APIRouter, Request, Response

from identity import messages
from identity.auth import service
from identity.auth.schemas import LoginAnswer, LoginRequest, SessionUser
from identity.auth.throttle import client_address
from identity.deps import CurrentAccount, RevocationsDep, SettingsDep, SessionsDep, ThrottleDep
from identity.user import repository
from kit.auth import CurrentUser
from kit.db import SessionDep
from kit.errors import DetailError, NonFieldError

router = APIRouter(prefix="/api", tags=["auth"])


@router.post("/auth/token/login/", response_model=LoginAnswer, operation_id="login")
async def login(
    body: LoginRequest, request: Request, session: SessionDep, sessions: SessionsDep, throttle: ThrottleDep
):
    address = client_address(request)
    await throttle.check(body.username, address)
    user = await service.authenticate(session, body.username, body.password)
    if user is None:
        await throttle.failed(body.username, address)
        raise NonFieldError(messages.INVALID_CREDENTIALS)
    await throttle.succeeded(body.username)
    return service.login_answer(user, await sessions.start(user))


@router.post("/auth/token/demo/", response_model=LoginAnswer, operation_id="demoLogin")
async def demo_login(session: SessionDep, sessions: SessionsDep, settings: SettingsDep):
    """Sign in as the seeded demo owner, without typing its password."""
    user = await repository.get_by_login(session, settings.demo_username)
    if user is None:
        raise DetailError(messages.DEMO_UNAVAILABLE, status_code=404)
    return service.login_answer(user, await sessions.start(user))


@router.post("/auth/token/logout/", status_code=204, operation_id="logout")
async def logout(principal: CurrentUser, revocations: RevocationsDep):
    await revocations.revoke_token(principal)
    return Response(status_code=204)


@router.post("/token-auth/check-authentication/", response_model=SessionUser, operation_id="checkAuthentication")
async def check_authentication(user: CurrentAccount):
    return {"id": user.id, "username": user.username, "first_name": user.first_name, "groups": [{"id": user.group}]}
