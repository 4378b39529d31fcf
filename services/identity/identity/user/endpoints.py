from fastapi import APIRouter, BackgroundTasks, Request, Response

from identity.deps import CurrentAccount, NotDemo, RevocationsDep, SettingsDep, SessionsDep, ThrottleDep
from identity.mail import send_mail
from identity.user import service
from identity.user.schemas import ClientCreate, PasswordChange, PasswordResetConfirm, PasswordResetRequest, Registered
from kit.db import SessionDep
from kit.i18n import current_lang
from kit.throttle import client_address

router = APIRouter(prefix="/api", tags=["accounts"])


@router.post("/cliente/", status_code=201, response_model=Registered, operation_id="registerClient")
async def register_client(
    body: ClientCreate,
    request: Request,
    session: SessionDep,
    sessions: SessionsDep,
    throttle: ThrottleDep,
    settings: SettingsDep,
):
    user = await service.register_client(session, body, throttle, client_address(request), settings)
    return Registered(id=user.id, username=user.username, auth_token=await sessions.start(user))


@router.post("/auth/users/reset_password/", status_code=204, operation_id="requestPasswordReset")
async def request_password_reset(
    body: PasswordResetRequest,
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    throttle: ThrottleDep,
    background: BackgroundTasks,
):
    """Always 204, so the answer never tells whether an account exists."""
    mail = await service.password_reset_mail(
        session, throttle, settings, body.email, client_address(request), current_lang.get()
    )
    if mail is not None:
        background.add_task(
            send_mail, settings.smtp_host, settings.smtp_port, settings.mail_from, mail.to, mail.subject, mail.body
        )
    return Response(status_code=204)


@router.post("/auth/users/reset_password_confirm/", status_code=204, operation_id="confirmPasswordReset")
async def confirm_password_reset(
    body: PasswordResetConfirm, session: SessionDep, settings: SettingsDep, revocations: RevocationsDep
):
    await service.confirm_password_reset(
        session,
        revocations,
        settings.reset_secret,
        settings.password_reset_lifetime_seconds,
        body.uid,
        body.token,
        body.new_password,
    )
    return Response(status_code=204)


@router.post("/auth/users/set_password/", status_code=204, operation_id="changePassword", dependencies=[NotDemo])
async def change_password(body: PasswordChange, user: CurrentAccount, session: SessionDep, revocations: RevocationsDep):
    """Every session of the account ends, this one included: the client signs in again."""
    await service.change_password(
        session, revocations, user, body.current_password, body.new_password, body.new_password_confirm
    )
    return Response(status_code=204)
