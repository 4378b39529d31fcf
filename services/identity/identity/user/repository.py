from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.user.models import User


async def get_by_login(session: AsyncSession, login: str) -> User | None:
    """A user by username or e-mail, whatever the case."""
    login = login.strip().lower()
    return await session.scalar(select(User).where(or_(User.username == login, User.email == login)))


async def get_by_email(session: AsyncSession, email: str) -> User | None:
    return await session.scalar(select(User).where(User.email == email.strip().lower()))


async def get(session: AsyncSession, user_id: int) -> User | None:
    return await session.get(User, user_id)


async def username_or_email_taken(session: AsyncSession, username: str, email: str) -> tuple[bool, bool]:
    rows = (
        await session.execute(
            select(User.username, User.email).where(
                or_(func.lower(User.username) == username.lower(), User.email == email.lower())
            )
        )
    ).all()
    return any(r.username == username.lower() for r in rows), any(r.email == email.lower() for r in rows)
