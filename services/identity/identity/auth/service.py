"""Signing in and out."""
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from identity.user import repository
from identity.user.models import User
from identity.user.passwords import verify_password
from kit.tokens import TokenSigner


async def authenticate(session: AsyncSession, login: str, password: str) -> User | None:
    user = await repository.get_by_login(session, login)
    if not await verify_password(password, user.password_hash if user else None):
        return None
    if user is None or not user.is_active:
        return None
    return user


def start_session(signer: TokenSigner, user: User) -> str:
    user.last_login = datetime.now(UTC)
    return signer.issue(user.id, user.username, [user.group])


def login_answer(user: User, token: str) -> dict:
    return {
        "auth_token": token,
        "user": {
            "id": user.id,
            "username": user.username,
            "first_name": user.first_name,
            "groups": [{"id": user.group}],
        },
    }
