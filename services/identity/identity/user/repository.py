from sqlalchemy import func, or_, select, update
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


async def bump_token_generations(session: AsyncSession, user_ids: list[int]) -> list[tuple[int, int]]:
    """Raise each account's token generation by one; answers (id, new generation) pairs."""
    if not user_ids:
        return []
    rows = await session.execute(
        update(User)
        .where(User.id.in_(user_ids))
        .values(token_generation=User.token_generation + 1)
        .returning(User.id, User.token_generation)
        .execution_options(synchronize_session="fetch")
    )
    return [(row.id, row.token_generation) for row in rows]


async def deactivate(session: AsyncSession, user_ids: list[int]) -> None:
    if user_ids:
        await session.execute(
            update(User).where(User.id.in_(user_ids)).values(is_active=False).execution_options(synchronize_session="fetch")
        )


async def token_generation(session: AsyncSession, user_id: int) -> int | None:
    return await session.scalar(select(User.token_generation).where(User.id == user_id))


async def token_generations(session: AsyncSession, after_id: int, limit: int) -> list[tuple[int, int]]:
    """(id, generation) of the accounts past `after_id`, in id order: one batch of the start-up mirror."""
    rows = await session.execute(
        select(User.id, User.token_generation).where(User.id > after_id).order_by(User.id).limit(limit)
    )
    return [(row.id, row.token_generation) for row in rows]


async def raise_token_generation(session: AsyncSession, user_id: int, generation: int) -> None:
    await session.execute(
        update(User)
        .where(User.id == user_id, User.token_generation < generation)
        .values(token_generation=generation)
        .execution_options(synchronize_session=False)
    )
