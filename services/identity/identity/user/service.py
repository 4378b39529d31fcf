"""Accounts: registration, password reset and change. Never commits: the request does."""
import base64
import hashlib
import hmac
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from email_validator import EmailNotValidError, validate_email
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.identity import UserRegistered
from identity import messages
from identity.auth.throttle import Throttle
from identity.user import repository
from identity.user.models import ClientProfile, User
from identity.user.passwords import hash_password, password_problems, verify_password
from identity.settings import Settings
from identity.user.schemas import ClientCreate
from identity.auth.service import end_sessions
from kit.auth import CLIENT, RevocationStore
from kit.errors import FieldErrors
from kit.i18n import Text
from kit.outbox import add_event


def email_problem(email: str) -> Text | None:
    try:
        validate_email(email, check_deliverability=False)
    except EmailNotValidError:
        return messages.EMAIL_INVALID
    return None


async def new_account_problems(
    session: AsyncSession, *, email: str, password: str, password2: str, first_name: str, clash_field: str, users=repository
) -> dict[str, list[Text]]:
    """Field errors of a new account's user part; `clash_field` names where 'already in use' goes.
    `users`: where accounts are looked up (identity.user.repository; the unit tests give a fake)."""
    errors: dict[str, list[Text]] = {}
    if problem := email_problem(email):
        errors["email"] = [problem]
    elif any(await users.username_or_email_taken(session, email, email)):
        errors[clash_field] = [messages.USERNAME_IN_USE if clash_field == "username" else messages.EMAIL_IN_USE]
    if problems := password_problems(password, username=email, first_name=first_name, email=email):
        errors["password"] = problems
    if password != password2:
        errors["password2"] = [messages.PASSWORDS_DIFFER]
    return errors


def terms_problems(accepted: bool | None, settings: Settings) -> dict[str, list[Text]]:
    """`acepta_terminos: false` is refused; left out, only where the setting requires it."""
    if accepted is False or (accepted is None and settings.terms_acceptance_required):
        return {"acepta_terminos": [messages.TERMS_NOT_ACCEPTED]}
    return {}


async def create_user(
    session: AsyncSession,
    *,
    email: str,
    password: str | None,
    group: int,
    first_name: str = "",
    terms_version: str | None = None,
) -> User:
    """`terms_version`: the terms the person accepted, recorded with the moment (None: not said)."""
    email = email.strip().lower()
    now = datetime.now(UTC)
    user = User(
        username=email,
        email=email,
        first_name=first_name,
        password_hash=await hash_password(password) if password else None,
        group=group,
        last_login=now,
        terms_accepted_at=now if terms_version else None,
        terms_version=terms_version,
    )
    session.add(user)
    await session.flush()
    add_event(session, UserRegistered(user_id=user.id, username=user.username, email=user.email, group=group))
    return user


async def registration_allowed(throttle: Throttle, address: str) -> None:
    """429 once this address has used up its registrations (every attempt counts, made or not)."""
    await throttle.take((throttle.limits.registration, address))


async def register_client(
    session: AsyncSession, body: ClientCreate, throttle: Throttle, address: str, settings: Settings, *, users=repository
) -> User:
    await registration_allowed(throttle, address)
    data = body.fk_user
    errors: dict = terms_problems(body.acepta_terminos, settings)
    user_errors = await new_account_problems(
        session,
        email=data.email,
        password=data.password,
        password2=data.password2,
        first_name=data.first_name,
        clash_field="username",
        users=users,
    )
    if user_errors:
        errors["fk_user"] = user_errors
    if errors:
        raise FieldErrors(errors)
    user = await create_user(
        session,
        email=data.email,
        password=data.password,
        group=CLIENT,
        first_name=data.first_name,
        terms_version=settings.terms_version if body.acepta_terminos else None,
    )
    session.add(ClientProfile(user_id=user.id))
    return user


# Password reset links: /recuperar-contrasena/{uid}/{token}. The token is bound to the current
# password hash and last login, so it dies once used (the hash changes) or after a new login.


def encode_uid(user_id: int) -> str:
    return base64.urlsafe_b64encode(str(user_id).encode()).decode().rstrip("=")


def decode_uid(uid: str) -> int | None:
    try:
        return int(base64.urlsafe_b64decode(uid + "=" * (-len(uid) % 4)).decode())
    except (ValueError, UnicodeDecodeError):
        return None


def _reset_signature(secret: bytes, user: User, timestamp: int) -> str:
    state = f"{user.id}:{user.password_hash}:{user.last_login and user.last_login.timestamp()}:{timestamp}"
    return hmac.new(secret, state.encode(), hashlib.sha256).hexdigest()[:40]


def make_reset_token(secret: bytes, user: User, now: int | None = None) -> str:
    timestamp = int(now if now is not None else time.time())
    return f"{timestamp:x}-{_reset_signature(secret, user, timestamp)}"


@dataclass(frozen=True)
class ResetMail:
    to: str
    subject: str
    body: str


async def password_reset_mail(
    session: AsyncSession, throttle: Throttle, settings, email: str, address: str, lang: str, *, users=repository
) -> ResetMail | None:
    """The reset mail to send, or None when there is no such active account.

    Limited per address and per e-mail address (no mail bombing through this form). Past the
    limit the request is refused with 429 whether or not the account exists, so it tells nothing.
    """
    email = email.strip().lower()
    await throttle.take((throttle.limits.reset_address, address), (throttle.limits.reset_email, email))
    user = await users.get_by_email(session, email)
    # The shared demo owner's password is not anyone's to reset.
    if user is None or not user.is_active or user.username == settings.demo_username:
        return None
    uid, token = encode_uid(user.id), make_reset_token(settings.reset_secret, user)
    link = f"{settings.public_base_url}/recuperar-contrasena/{uid}/{token}"
    name = user.first_name or user.username
    return ResetMail(
        to=user.email,
        subject=messages.RESET_MAIL_SUBJECT.render(lang),
        body=messages.RESET_MAIL_BODY.render(lang, name=name, username=user.username, link=link),
    )


def reset_token_valid(secret: bytes, user: User, token: str, lifetime_seconds: int) -> bool:
    stamp, _, signature = token.partition("-")
    try:
        timestamp = int(stamp, 16)
    except ValueError:
        return False
    fresh = 0 <= time.time() - timestamp <= lifetime_seconds
    return fresh and hmac.compare_digest(signature, _reset_signature(secret, user, timestamp))


async def confirm_password_reset(
    session: AsyncSession,
    revocations: RevocationStore,
    secret: bytes,
    lifetime_seconds: int,
    uid: str,
    token: str,
    new_password: str,
    *,
    users=repository,
) -> User:
    """A new password from a reset link; every session of the account ends."""
    user_id = decode_uid(uid)
    user = await users.get(session, user_id) if user_id is not None else None
    if user is None or not user.is_active:
        raise FieldErrors({"uid": [messages.RESET_UID_INVALID]})
    if not reset_token_valid(secret, user, token, lifetime_seconds):
        raise FieldErrors({"token": [messages.RESET_TOKEN_INVALID]})
    if problems := password_problems(new_password, username=user.username, first_name=user.first_name, email=user.email):
        raise FieldErrors({"new_password": problems})
    user.password_hash = await hash_password(new_password)
    user.email_verified = True  # the link reached this mailbox
    await end_sessions(session, revocations, user.id)
    return user


CHANGE_MAX_LENGTH = 30


async def deactivate(session: AsyncSession, revocations: RevocationStore, user_ids: list[int]) -> None:
    """The accounts can no longer sign in, and every session they hold ends."""
    await repository.deactivate(session, user_ids)
    await end_sessions(session, revocations, *user_ids)


async def change_password(
    session: AsyncSession, revocations: RevocationStore, user: User, current: str, new: str, confirm: str
) -> None:
    """Every session of the account ends, the caller's included: the client signs in again."""
    errors: dict[str, list[Text]] = {}
    if not await verify_password(current, user.password_hash):
        errors["current_password"] = [messages.INVALID_PASSWORD]
    if problems := password_problems(
        new, max_length=CHANGE_MAX_LENGTH, username=user.username, first_name=user.first_name, email=user.email
    ):
        errors["new_password"] = problems
    if new != confirm:
        errors["new_password_confirm"] = [messages.PASSWORDS_DIFFER]
    if errors:
        raise FieldErrors(errors)
    user.password_hash = await hash_password(new)
    await end_sessions(session, revocations, user.id)
