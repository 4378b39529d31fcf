"""Signing in and out."""
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from identity.user import repository
from identity.user.models import User
from identity.user.passwords import verify_password
from kit.auth import RevocationStore
from kit.tokens import TokenSigner


async def authenticate(session: AsyncSession, login: str, password: str) -> User | None:
    user = await repository.get_by_login(session, login)
    if not await verify_password(password, user.password_hash if user else None):
        return None
    if user is None or not user.is_active:
        return None
    return user


class SessionIssuer:
    """Issues an account's tokens in its current generation (a password change starts a new one)."""

    def __init__(self, signer: TokenSigner, revocations: RevocationStore):
        self._signer = signer
        self._revocations = revocations

    async def start(self, user: User) -> str:
        user.last_login = datetime.now(UTC)
        generation = await self._revocations.generation(user.id)
        return self._signer.issue(user.id, user.username, [user.group], generation)


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
