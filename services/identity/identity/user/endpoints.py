from fastapi import APIRouter, BackgroundTasks, Response

from identity import messages
from identity.deps import CurrentAccount, RevocationsDep, SettingsDep, SessionsDep
from identity.mail import send_mail
from identity.user import repository, service
from identity.user.schemas import ClientCreate, PasswordChange, PasswordResetConfirm, PasswordResetRequest, Registered
from kit.db import SessionDep
from kit.i18n import current_lang

router = APIRouter(prefix="/api", tags=["accounts"])


@router.post("/cliente/", status_code=201, response_model=Registered, operation_id="registerClient")
async def register_client(body: ClientCreate, session: SessionDep, sessions: SessionsDep):
    user = await service.register_client(session, body.fk_user)
    return Registered(id=user.id, username=user.username, auth_token=await sessions.start(user))


@router.post("/auth/users/reset_password/", status_code=204, operation_id="requestPasswordReset")
async def request_password_reset(
    body: PasswordResetRequest, session: SessionDep, settings: SettingsDep, background: BackgroundTasks
):
    """Always 204, so the answer never tells whether an account exists."""
    user = await repository.get_by_email(session, body.email)
    if user is not None and user.is_active:
        uid, token = service.encode_uid(user.id), service.make_reset_token(settings.reset_secret, user)
        lang = current_lang.get()
        link = f"{settings.public_base_url}/recuperar-contrasena/{uid}/{token}"
        background.add_task(
            send_mail,
            settings.smtp_host,
            settings.smtp_port,
            settings.mail_from,
            user.email,
            messages.RESET_MAIL_SUBJECT.render(lang),
            messages.RESET_MAIL_BODY.render(lang, name=user.first_name or user.username, username=user.username, link=link),
        )
    return Response(status_code=204)


@router.post("/auth/users/reset_password_confirm/", status_code=204, operation_id="confirmPasswordReset")
async def confirm_password_reset(
    body: PasswordResetConfirm, session: SessionDep, settings: SettingsDep, revocations: RevocationsDep
):
    user = await service.confirm_password_reset(
        session, settings.reset_secret, settings.password_reset_lifetime_seconds, body.uid, body.token, body.new_password
    )
    await revocations.revoke_user_tokens(user.id, settings.token_lifetime_seconds)
    return Response(status_code=204)


@router.post("/auth/users/set_password/", status_code=204, operation_id="changePassword")
async def change_password(
    body: PasswordChange, user: CurrentAccount, session: SessionDep, settings: SettingsDep, revocations: RevocationsDep
):
    """Every session of the account ends, this one included: the client signs in again."""
    await service.change_password(session, user, body.current_password, body.new_password, body.new_password_confirm)
    await revocations.revoke_user_tokens(user.id, settings.token_lifetime_seconds)
    return Response(status_code=204)
